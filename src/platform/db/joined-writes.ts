import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlPart } from './prepared.ts';

/**
 * A write that must commit with the write of the work it belongs to, or not at all: the audit entry of a
 * request's write (platform/audit). The work runs `joiningWrites(joined, …)`; the first transaction of that work
 * that takes it (`Db.transaction`, `Db.preparedTransaction`, and `Db.autocommit`, which becomes a pipelined
 * transaction for it) runs its statements on the transaction's connection and commits them with its own.
 * Reads (`Db.read`) never take it. A `Db.autocommit` whose work writes with one combined statement
 * (`{ joinsInStatement: true }`) lets that statement take it as one more part (`Repository.combined`): no
 * transaction, the entry commits with the statement itself.
 */
export interface JoinedWrite {
  /** Takes the write for one transaction: false when there is nothing to write yet, or another has it. */
  claim(): boolean;
  /**
   * Runs its statements in the transaction that claimed it: a `UnitOfWork` (platform/db/repository.ts, which
   * imports this file; named here only by what it is).
   */
  write(uow: unknown): Promise<void>;
  /** The same write as one part of the claiming statement (platform/db/prepared.ts `combinedStatement`). */
  part(): SqlPart;
  /** The claiming transaction committed (done) or rolled back (another may claim it). */
  settle(committed: boolean): void;
}

const joined = new AsyncLocalStorage<JoinedWrite>();

/** Runs `work` (and everything it starts) with `write` to be joined to its first committing transaction. */
export function joiningWrites<T>(write: JoinedWrite, work: () => T): T {
  return joined.run(write, work);
}

/** The joined write of the current work, claimed for the caller's transaction; undefined when there is none. */
export function claimJoinedWrite(): JoinedWrite | undefined {
  const write = joined.getStore();
  return write?.claim() ? write : undefined;
}

/** The joined write of the current work, claimed or not (to say more about it before it is written). */
export function currentJoinedWrite(): JoinedWrite | undefined {
  return joined.getStore();
}

/**
 * Runs `work` outside any joined write: for what a request merely sets off and the process does on its own
 * later (batched counters, the audit trail's own writes, touching a key's last use), which must never carry a
 * request's entry into its transaction.
 */
export function detached<T>(work: () => T): T {
  return joined.exit(work);
}
