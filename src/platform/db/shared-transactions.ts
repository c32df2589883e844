import { AsyncLocalStorage } from 'node:async_hooks';
import pg, { type PoolClient } from 'pg';
import { isDatabaseOutage } from '../errors/outage.ts';
import { Signal } from '../metrics/signal.ts';
import { PipelinedTransaction } from './pipelined-transaction.ts';
import {
  LastStatements,
  LockHeldBySharer,
  MemberClient,
  SharedReads,
  type TransactionClient,
} from './shared-transaction-client.ts';

export { LockHeldBySharer, type Merging, type TransactionClient } from './shared-transaction-client.ts';

/** Requests in one transaction at most: bounds the transaction's size and the wait of the first one queued. */
const MAX_MEMBERS = 64;
/** How long a transaction holds its turn (as write-batches.ts): one that hangs does not hold back the rest. */
const TURN_MS = 1000;

/** Set while a request's work runs in a shared transaction (`isSharingTransaction`). */
const sharing = new AsyncLocalStorage<true>();

/**
 * Whether the caller is a request running in a transaction shared with others: its other one-statement writes
 * (the test acquirer's booking) may then share statements with theirs (`Db.autocommit(work, { merges: true })`).
 */
export function isSharingTransaction(): boolean {
  return sharing.getStore() === true;
}

/** The number of requests of each transaction sent (1: a request alone), for the metrics. */
export const transactionsShared = new Signal<number>();

/** One request's work in a shared transaction: its answer, and what to do once the transaction has ended. */
export interface SharedWork<T> {
  readonly value: T;
  /** The transaction committed (true) or rolled back (false): the request's joined write and signals. */
  settle(committed: boolean): void;
}

/** A request, as the Db hands it over. Both run in the request's own async context. */
export interface SharingRequest<T> {
  /** Its work as a transaction of its own (`Db.preparedTransaction` as without sharing). */
  alone(): Promise<T>;
  /** Its work on a shared transaction's client, not committed. */
  share(client: TransactionClient): Promise<SharedWork<T>>;
}

interface Member {
  readonly request: SharingRequest<unknown>;
  /** Runs a function in the async context the request was made in (its joined write, its trace). */
  readonly inContext: <R>(work: () => R) => R;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Locked prepared-statement transactions (`Db.preparedTransaction(work, { shares })`: the card flow's vault and
 * authenticate) run as ONE database transaction while others of the same kind are in flight: the application's
 * group commit for requests that lock. While fewer than `inFlight` transactions of its kind are running, a request
 * leaves at the end of the event loop's current turn with the others of its kind made in that turn (alone if it
 * is the only one; write-batches.ts `#gatherThisTurn` says why); past that, concurrent requests queue and leave
 * together when a transaction of their kind ends: each runs its
 * own work, statement for statement, on one connection (pipelined, so statements issued at once travel in one
 * write), and when every one of them has finished, ONE commit makes all their writes durable. One BEGIN, one
 * COMMIT, one WAL flush and one connection for all of them, instead of one each.
 *
 * Each request keeps its own rules and its own locks: the rows it locks are claimed (`TransactionClient.claim`),
 * so two requests of one transaction never act on one order; the second steps out before it writes
 * (`LockHeldBySharer`) and runs again alone after the commit, waiting for the lock as usual. A request's answer is
 * given only once the transaction that holds its writes has committed. What the others did never decides a
 * request's answer:
 *
 * - a request that fails with an error of its own before writing (a 404, a 409 from its checks) gets that error,
 *   and the others commit;
 * - one that fails after writing gets its error, and its writes must not commit: the transaction rolls back and
 *   every other request runs again alone;
 * - a statement the database refuses (an error of SQL: the transaction is aborted for everyone) rolls back the
 *   transaction, and every request that had not failed by itself runs again alone, for its own answer;
 * - the database going away (an outage, before or at the commit) is every request's answer, as it would have
 *   been alone: none runs again.
 *
 * Running again is safe because nothing of the first run committed; a request that called the acquirer calls it
 * again with the same transaction id, which answers its first outcome (as after a crash).
 */
export class SharedTransactions {
  readonly #connect: () => Promise<PoolClient>;
  readonly #inFlight: number;
  readonly #turnMs: number;
  readonly #running = new Map<string, number>();
  /** Queued requests by kind. */
  readonly #waiting = new Map<string, Member[]>();
  /** The kinds whose queued requests leave at the end of this turn of the event loop (`#gatherThisTurn`). */
  readonly #gathering = new Set<string>();

  constructor(options: { connect: () => Promise<PoolClient>; inFlight: number; turnMs?: number }) {
    this.#connect = options.connect;
    this.#inFlight = Math.max(1, options.inFlight);
    this.#turnMs = options.turnMs ?? TURN_MS;
  }

  /** Runs a request of kind `kind`, alone or in a transaction shared with others of its kind. */
  run<T>(kind: string, request: SharingRequest<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const member: Member = {
        request: request as SharingRequest<unknown>,
        inContext: AsyncLocalStorage.snapshot(),
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      const waiting = this.#waiting.get(kind);
      if (waiting) waiting.push(member);
      else this.#waiting.set(kind, [member]);
      if ((this.#running.get(kind) ?? 0) < this.#inFlight) this.#gatherThisTurn(kind);
    });
  }

  /** Starts the kind's queued requests once the event loop has run the rest of its current turn (`setImmediate`). */
  #gatherThisTurn(kind: string): void {
    if (this.#gathering.has(kind)) return;
    this.#gathering.add(kind);
    setImmediate(() => {
      this.#gathering.delete(kind);
      this.#startWaiting(kind);
    });
  }

  #start(kind: string, members: Member[]): void {
    this.#running.set(kind, (this.#running.get(kind) ?? 0) + 1);
    let inFlight = true;
    const endTurn = () => {
      if (!inFlight) return;
      inFlight = false;
      this.#running.set(kind, this.#running.get(kind)! - 1);
      this.#startWaiting(kind);
    };
    const turn = setTimeout(endTurn, this.#turnMs);
    turn.unref();
    transactionsShared.emit(members.length);
    // A fault of the sharing itself (never expected) is the answer of every request not yet answered.
    const done =
      members.length === 1
        ? runAlone(members[0]!)
        : this.#share(members).catch((error: unknown) => {
            for (const member of members) member.reject(error);
          });
    void done.finally(() => {
      clearTimeout(turn);
      endTurn();
    });
  }

  #startWaiting(kind: string): void {
    const waiting = this.#waiting.get(kind);
    while (waiting && waiting.length > 0 && (this.#running.get(kind) ?? 0) < this.#inFlight) {
      this.#start(kind, waiting.splice(0, MAX_MEMBERS));
    }
    if (waiting?.length === 0) this.#waiting.delete(kind);
  }

  async #share(members: Member[]): Promise<void> {
    let transaction: PipelinedTransaction;
    try {
      // The requests' shared statements join arrays of their keys: planned as lookups by key (PLAN_KEY_LOOKUPS).
      transaction = new PipelinedTransaction(await this.#connect(), { plansKeyLookups: true });
    } catch (error) {
      for (const member of members) member.reject(error);
      return;
    }
    const claims = new Map<string, MemberClient>();
    const finals = new LastStatements(transaction);
    const reads = new SharedReads(transaction);
    const clients = members.map(() => new MemberClient(transaction, claims, finals, reads));
    finals.clients = clients;
    const outcomes = await Promise.allSettled(
      members.map((member, index) => {
        const client = clients[index]!;
        return member
          .inContext(() => sharing.run(true, () => member.request.share(client)))
          .then(
            (work) => {
              finals.settled(client, false);
              return work;
            },
            (error: unknown) => {
              finals.settled(client, true);
              throw error;
            },
          );
      }),
    );

    const done: { member: Member; work: SharedWork<unknown> }[] = [];
    /** Requests that failed by themselves: their errors are their answers, whatever the transaction does. */
    const failed: { member: Member; error: unknown }[] = [];
    const again: Member[] = [];
    const afterwards: Member[] = [];
    let outage: unknown = null;
    let aborted = false;
    outcomes.forEach((outcome, index) => {
      const member = members[index]!;
      if (outcome.status === 'fulfilled') {
        done.push({ member, work: outcome.value });
        return;
      }
      const error = outcome.reason as unknown;
      if (error instanceof LockHeldBySharer) afterwards.push(member);
      else if (isDatabaseOutage(error)) {
        outage ??= error;
        again.push(member);
      } else if (error instanceof pg.DatabaseError) {
        aborted = true;
        again.push(member);
      } else {
        failed.push({ member, error });
        if (clients[index]!.wrote) aborted = true;
      }
    });

    let broken: Error | undefined;
    let committed = false;
    // A COMMIT sent behind the last statements decides: a request that failed after its last statement (its
    // work's last database step) has its error for an answer and its write committed, as it would alone.
    if (outage === null && (!aborted || finals.committing)) {
      try {
        await transaction.commit();
        committed = true;
      } catch (error) {
        if (isDatabaseOutage(error)) outage = error;
      }
    }
    if (!committed) {
      await transaction.rollback().catch((rollbackFailed: Error) => {
        broken = rollbackFailed;
      });
    }
    transaction.release(broken);

    for (const { member, error } of failed) member.reject(error);
    for (const { member, work } of done) {
      work.settle(committed);
      if (committed) member.resolve(work.value);
      else if (outage !== null) member.reject(outage);
      else again.push(member);
    }
    if (outage !== null) {
      // The database is away (and the commit's outcome may be unknown): every request's answer, as alone.
      for (const member of [...again, ...afterwards]) member.reject(outage);
      return;
    }
    await Promise.all([...again, ...afterwards].map(runAlone));
  }
}

/** A request's work as a transaction of its own, its answer its own. */
function runAlone(member: Member): Promise<void> {
  return member.inContext(() => member.request.alone()).then(member.resolve, member.reject);
}
