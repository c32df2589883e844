import type { Pool, QueryResult } from 'pg';
import { isDatabaseOutage } from '../errors/outage.ts';
import { Signal } from '../metrics/signal.ts';
import { type PreparedStatement, pgQueryConfig, type ValueMerge } from './prepared.ts';

/** Writes in one statement at most: bounds the statement's size and the wait of the first one queued. */
const MAX_MEMBERS = 64;
/**
 * How long a statement holds its turn: one that has not returned by then (a connection that hangs, a lock it waits
 * for) no longer counts as in flight, so the writes behind it go out without it, as they would have alone.
 */
const TURN_MS = 1000;

/** The number of writes of each statement sent (1: a write alone), for the metrics (`db_writes_per_statement`). */
export const statementsSent = new Signal<number>();

interface Member {
  readonly values: readonly unknown[];
  resolve(result: QueryResult): void;
  reject(error: unknown): void;
}

interface Waiting {
  readonly merges: readonly ValueMerge[];
  /** The statement as merged writes run it (`mergedStatement`). */
  readonly merged: PreparedStatement;
  readonly members: Member[];
}

/**
 * Autocommit writes of one statement each (`Db.autocommit(work, { joinsInStatement: true })`: a create's order,
 * its rows, outbox rows and audit entry), merged into one statement while others are in flight: the application's
 * own group commit. While fewer than `inFlight` statements are running, a write leaves at the end of the event
 * loop's current turn (`#gatherThisTurn`), with every write of its statement made in that turn; past that,
 * concurrent writes of the same statement queue and leave together as ONE statement when one in flight returns —
 * their rows bound as one set (`SqlPart.merges`), one round trip, one commit, one executor start-up for all of
 * them. Measured on one connection: 553 µs of PostgreSQL CPU per create alone, 173 µs each ten to a statement
 * (docs/reference/benchmarks.md).
 *
 * Each write's rows are its own: its parts add rows, or update only rows it owns (the key row its request
 * claimed), so a merged statement does what its writes would have done one after the other; it commits all of them or none. A statement that fails with an
 * error of the SQL (a constraint one write broke) certainly did not commit: each of its writes is then sent alone,
 * and gets its own answer. One that fails because the database went away may or may not have committed: every
 * write in it gets that error, as it would have alone.
 */
export class WriteBatches {
  readonly #pool: () => Promise<Pool>;
  readonly #inFlight: number;
  readonly #turnMs: number;
  #running = 0;
  /** Queued writes by statement, oldest statement first. */
  readonly #waiting = new Map<PreparedStatement, Waiting>();
  /** Set while the queued writes are to leave at the end of this turn of the event loop (`#gatherThisTurn`). */
  #gathering = false;

  constructor(options: { pool: () => Promise<Pool>; inFlight: number; turnMs?: number }) {
    this.#pool = options.pool;
    this.#inFlight = Math.max(1, options.inFlight);
    this.#turnMs = options.turnMs ?? TURN_MS;
  }

  /** Runs one write's statement, alone or with others of the same statement; answers the statement's result. */
  run(
    statement: PreparedStatement,
    values: readonly unknown[],
    merges: readonly ValueMerge[],
    merged: () => PreparedStatement = () => statement,
  ): Promise<QueryResult> {
    return new Promise<QueryResult>((resolve, reject) => {
      const member: Member = { values, resolve, reject };
      const waiting = this.#waiting.get(statement);
      if (waiting) waiting.members.push(member);
      else this.#waiting.set(statement, { merges, merged: merged(), members: [member] });
      if (this.#running < this.#inFlight) this.#gatherThisTurn();
    });
  }

  /**
   * Sends the queued writes once the event loop has run the rest of its current turn (`setImmediate`: after the
   * I/O callbacks of this poll), not at once. Requests arrive in bunches: a statement's writes are answered
   * together, and their clients' next requests reach the server together, in one turn. Sent at once, the first
   * of them left alone and the rest waited behind it for a whole round trip, to leave as the next statement:
   * under the card flow's load every other statement was a single write. A lone write still leaves in the turn
   * it was made, behind nothing but that turn's other callbacks.
   */
  #gatherThisTurn(): void {
    if (this.#gathering) return;
    this.#gathering = true;
    setImmediate(() => {
      this.#gathering = false;
      this.#sendWaiting();
    });
  }

  #send(
    statement: PreparedStatement,
    merges: readonly ValueMerge[],
    members: Member[],
    merged: PreparedStatement = statement,
  ): void {
    this.#running += 1;
    let inFlight = true;
    const endTurn = () => {
      if (!inFlight) return;
      inFlight = false;
      this.#running -= 1;
      this.#sendWaiting();
    };
    const turn = setTimeout(endTurn, this.#turnMs);
    turn.unref();
    statementsSent.emit(members.length);
    const values =
      members.length === 1
        ? members[0]!.values
        : mergedValues(
            merges,
            members.map((member) => member.values),
          );
    this.#query(members.length === 1 ? statement : merged, values)
      .then(
        (result) => {
          for (const member of members) member.resolve(result);
        },
        (error: unknown) => {
          if (members.length === 1 || isDatabaseOutage(error)) {
            for (const member of members) member.reject(error);
            return;
          }
          // The statement did not commit: each write again on its own, for its own answer.
          for (const member of members)
            this.#query(statement, member.values).then(member.resolve, member.reject);
        },
      )
      .finally(() => {
        clearTimeout(turn);
        endTurn();
      });
  }

  #sendWaiting(): void {
    while (this.#running < this.#inFlight && this.#waiting.size > 0) {
      const [statement, waiting] = this.#waiting.entries().next().value!;
      const [taken] = alikeGroups(
        waiting.merges,
        waiting.members.map((member) => member.values),
        1,
      );
      const members = taken!.map((index) => waiting.members[index]!);
      const left = new Set(taken);
      waiting.members.splice(
        0,
        waiting.members.length,
        ...waiting.members.filter((_, index) => !left.has(index)),
      );
      if (waiting.members.length === 0) this.#waiting.delete(statement);
      this.#send(statement, waiting.merges, members, waiting.merged);
    }
  }

  async #query(statement: PreparedStatement, values: readonly unknown[]): Promise<QueryResult> {
    const pool = await this.#pool();
    return pool.query(pgQueryConfig(statement, values));
  }
}

/**
 * Writes of one statement (their values, oldest first) in groups that can each share a statement, at most
 * `limit` groups (the rest are left out): in each, at most MAX_MEMBERS writes whose 'same' values are its first
 * one's, and whose 'distinct' elements no other write of the group has. Each group lists indexes into `values`.
 */
export function alikeGroups(
  merges: readonly ValueMerge[],
  values: readonly (readonly unknown[])[],
  limit = Number.POSITIVE_INFINITY,
): number[][] {
  const groups: number[][] = [];
  let rest = values.map((_, index) => index);
  while (rest.length > 0 && groups.length < limit) {
    const first = values[rest[0]!]!;
    const keys = merges.map((merge) => (merge === 'distinct' ? new Set<unknown>() : null));
    const alike = (own: readonly unknown[]) =>
      merges.every((merge, index) => {
        if (merge === 'same') return Object.is(own[index], first[index]);
        if (merge !== 'distinct') return true;
        return (own[index] as unknown[]).every((key) => !keys[index]!.has(key));
      });
    const taken: number[] = [];
    const left: number[] = [];
    for (const index of rest) {
      const own = values[index]!;
      if (taken.length < MAX_MEMBERS && alike(own)) {
        taken.push(index);
        keys.forEach((seen, position) => {
          if (seen) for (const key of own[position] as unknown[]) seen.add(key);
        });
      } else left.push(index);
    }
    groups.push(taken);
    rest = left;
  }
  return groups;
}

/** Several writes' values as one statement's: each value merged as its part says (`ValueMerge`). */
export function mergedValues(
  merges: readonly ValueMerge[],
  values: readonly (readonly unknown[])[],
): unknown[] {
  return merges.map((merge, index) => {
    if (merge === 'same') return values[0]![index];
    if (merge === 'list' || merge === 'distinct') return values.flatMap((own) => own[index] as unknown[]);
    // 'rows': JSON arrays' texts, joined into one array without parsing them.
    const inner: string[] = [];
    for (const own of values) {
      const text = own[index] as string;
      if (text.length > 2) inner.push(text.slice(1, -1));
    }
    return `[${inner.join(',')}]`;
  });
}
