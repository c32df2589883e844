import { randomInt } from 'node:crypto';

/**
 * Who owns an in-progress idempotency key: a process, proved alive by a session advisory lock
 * (`OWNER_LOCK_CLASS`, its owner id) that it holds on its one LISTEN connection (platform/pubsub/pg-listener.ts).
 * When the process is killed, PostgreSQL drops the connection and the lock with it, so the keys it held can be
 * taken over by the next retry at once, and no write of the dying process is needed to give them back.
 */
export const OWNER_LOCK_CLASS = 7311;

/** A fresh owner id for this process (31 bits: the advisory lock's second key is an int). */
export function newOwnerId(): number {
  return randomInt(1, 2 ** 31 - 1);
}

export const TAKE_OWNER_LOCK = `select pg_try_advisory_lock(${OWNER_LOCK_CLASS}, $1::int) as taken`;
