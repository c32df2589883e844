import { randomUUID } from 'node:crypto';
import { Repository } from '../db/repository.ts';
import type { RecoveryPoint } from '../operations/idempotent-operation.ts';
import { OWNER_LOCK_CLASS } from '../operations/owner-lock.ts';

/**
 * The `idempotency_keys` table. Every statement runs on its own (autocommit), outside the request's business
 * transaction: the in-progress marker must be visible to other processes before the work starts, and the
 * stored response must survive even though the work's transaction has long committed.
 */

export interface IdempotencyClaim {
  id: string;
  token: string;
  /** What the operation's ids derive from: the same for every retry of the same request. */
  seed: string;
  /** The last phase an earlier attempt committed, or null. */
  recovered: RecoveryPoint | null;
}

export interface StoredResponse {
  status: number;
  contentType: string | null;
  /** The `Location` of a 201, replayed with it. */
  location: string | null;
  body: string;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: IdempotencyClaim }
  /** The first request with this key finished: answer with its response. */
  | { kind: 'replay'; response: StoredResponse }
  /** The key was used for a different request (method, path or body). */
  | { kind: 'mismatch' }
  /** The first request with this key is still running. */
  | { kind: 'in_flight' };

export interface ClaimRequest {
  projectId: string;
  key: string;
  fingerprint: string;
  method: string;
  path: string;
  now: Date;
  /** How long the key (and its stored response) is kept. */
  retentionMs: number;
  /** How long an unfinished claim blocks the key before it is presumed dead, even with a live owner. */
  leaseMs: number;
  /** The claiming process's owner lock (operations/owner-lock.ts), or null while it holds none. */
  ownerId: number | null;
}

interface ClaimedRow {
  id: string | number;
  seed: string;
  recovery_point: string | null;
  recovery: unknown;
}

function parseRecovery(value: unknown): RecoveryPoint['data'] {
  if (typeof value === 'string') return JSON.parse(value) as RecoveryPoint['data'];
  return (value ?? {}) as RecoveryPoint['data'];
}

interface KeyRow {
  request_hash: string;
  state: 'in_progress' | 'released' | 'completed';
  response_status: number | null;
  response_content_type: string | null;
  response_location: string | null;
  response_body: string | null;
}

export class IdempotencyRepository extends Repository {
  /**
   * Inserts the in-progress marker, or takes the key over: when it expired, when it was released (a failure
   * that invites a retry), or when its claim is dead: its owner process no longer holds its owner lock (killed:
   * PostgreSQL dropped the lock with its connection) or its lease ran out. A retry of the same request keeps the
   * seed and the recovery point of the attempts before it; another request may take a key only if no phase of
   * the first one committed. The unique (project_id, key) constraint makes concurrent claims of one key wait for
   * each other, so exactly one of them wins. A key whose request is still running (`live`: its owner alive, its
   * lease not over) is not even tried: the upsert would wait for that request's write, which holds the key's
   * row while it records its recovery point (a write stuck on a lock would hold the retry too), where the
   * answer is 409 at once.
   */
  async claim(request: ClaimRequest): Promise<ClaimOutcome> {
    const token = randomUUID();
    const lockedUntil = new Date(request.now.getTime() + request.leaseMs);
    const expiresAt = new Date(request.now.getTime() + request.retentionMs);
    // A row released between our insert attempt and our read is simply claimed on the next round.
    for (let round = 0; round < 3; round++) {
      const inserted = await this.em.execute<ClaimedRow[]>(
        `with live as (
           select 1 from idempotency_keys k
            where k.project_id = ? and k.key = ? and k.state = 'in_progress' and k.expires_at > ?
              and k.locked_until > ?
              and exists (select 1 from pg_locks l
                           where l.locktype = 'advisory' and l.classid = ${OWNER_LOCK_CLASS}
                             and l.objsubid = 2 and l.objid::bigint = k.owner_id and l.granted))
         insert into idempotency_keys as k
           (project_id, key, request_hash, method, path, state, claim_token, owner_id, locked_until, created_at,
            expires_at)
         select ?::uuid, ?::text, ?::text, ?::text, ?::text, 'in_progress', ?::uuid, ?::bigint, ?::timestamptz,
           ?::timestamptz, ?::timestamptz
          where not exists (select 1 from live)
         on conflict (project_id, key) do update set
           request_hash = excluded.request_hash, method = excluded.method, path = excluded.path,
           state = 'in_progress', claim_token = excluded.claim_token, owner_id = excluded.owner_id,
           locked_until = excluded.locked_until,
           response_status = null, response_content_type = null, response_location = null,
           response_body = null,
           seed = case when k.expires_at > excluded.created_at and k.request_hash = excluded.request_hash
                       then k.seed else excluded.seed end,
           recovery_point = case when k.expires_at > excluded.created_at
                                 and k.request_hash = excluded.request_hash then k.recovery_point end,
           recovery = case when k.expires_at > excluded.created_at
                           and k.request_hash = excluded.request_hash then k.recovery end,
           created_at = excluded.created_at, completed_at = null, expires_at = excluded.expires_at
         where k.expires_at <= excluded.created_at
            or (k.state <> 'completed'
                and (k.state = 'released' or k.locked_until <= excluded.created_at
                     or not exists (select 1 from pg_locks l
                                     where l.locktype = 'advisory' and l.classid = ${OWNER_LOCK_CLASS}
                                       and l.objsubid = 2 and l.objid::bigint = k.owner_id and l.granted))
                and (k.request_hash = excluded.request_hash or k.recovery_point is null))
         returning k.id, k.seed, k.recovery_point, k.recovery`,
        [
          request.projectId,
          request.key,
          request.now,
          request.now,
          request.projectId,
          request.key,
          request.fingerprint,
          request.method,
          request.path,
          token,
          request.ownerId,
          lockedUntil,
          request.now,
          expiresAt,
        ],
      );
      const claimed = inserted[0];
      if (claimed) {
        const recovered = claimed.recovery_point
          ? { point: claimed.recovery_point, data: parseRecovery(claimed.recovery) }
          : null;
        return {
          kind: 'claimed',
          claim: { id: String(claimed.id), token, seed: String(claimed.seed), recovered },
        };
      }

      const [row] = await this.em.execute<KeyRow[]>(
        `select request_hash, state, response_status, response_content_type, response_location, response_body
           from idempotency_keys where project_id = ? and key = ?`,
        [request.projectId, request.key],
      );
      if (!row) continue;
      if (row.request_hash !== request.fingerprint) return { kind: 'mismatch' };
      if (row.state !== 'completed') return { kind: 'in_flight' };
      return {
        kind: 'replay',
        response: {
          status: row.response_status!,
          contentType: row.response_content_type,
          location: row.response_location,
          body: row.response_body!,
        },
      };
    }
    return { kind: 'in_flight' };
  }

  /** Whether the claim is still ours (in progress under our token); false once a retry has taken it over. */
  async holds(claim: IdempotencyClaim): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      `select 1 from idempotency_keys where id = ? and claim_token = ? and state = 'in_progress'`,
      [claim.id, claim.token],
    );
    return rows.length > 0;
  }

  /** Stores the finished response on our own claim; a claim taken over meanwhile is left alone. */
  async complete(claim: IdempotencyClaim, response: StoredResponse, now: Date): Promise<void> {
    await this.em.execute(
      `update idempotency_keys
          set state = 'completed', response_status = ?, response_content_type = ?, response_location = ?,
              response_body = ?, completed_at = ?
        where id = ? and claim_token = ? and state = 'in_progress'`,
      [response.status, response.contentType, response.location, response.body, now, claim.id, claim.token],
      'run',
    );
  }

  /**
   * Gives our claim up so that a retry with the same key runs at once: from its recovery point when a phase
   * committed, afresh otherwise. The row stays (`released`) with its seed, so the retry derives the same ids.
   */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.em.execute(
      `update idempotency_keys set state = 'released', owner_id = null
        where id = ? and claim_token = ? and state = 'in_progress'`,
      [claim.id, claim.token],
      'run',
    );
  }

  /** Deletes up to `limit` keys past their retention; returns how many. */
  async purgeExpired(now: Date, limit = 500): Promise<number> {
    const result = await this.em.execute<{ affectedRows?: number }>(
      `delete from idempotency_keys
        where id in (select id from idempotency_keys where expires_at <= ? limit ?)`,
      [now, limit],
      'run',
    );
    return result.affectedRows ?? 0;
  }
}
