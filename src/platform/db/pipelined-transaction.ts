import type { PoolClient, QueryConfig, QueryResult } from 'pg';

/** What `pg` takes as one statement: text and bound values, and a name for a prepared statement. */
export type Statement = QueryConfig<unknown[]>;

/**
 * One database transaction on one pooled connection, in `pg`'s pipeline mode (`Db.preparedTransaction`):
 * a statement is sent without waiting for the answers to the ones before it. So BEGIN leaves with the first
 * statement, statements issued together (`Promise.all`) leave in one write, and the COMMIT can leave right
 * behind the transaction's last statement: the card flow's vault and authenticate cost two round trips each
 * instead of five.
 *
 * PostgreSQL still runs the statements one after another, each with a snapshot taken when it starts (READ
 * COMMITTED), exactly as if each had waited for the one before: a read sent behind a row lock sees what the
 * lock's previous holder committed. What pipelining rules out is only a statement whose text or values depend on
 * an earlier answer: such a statement is issued after awaiting that answer, as before. If a statement fails, the
 * ones already sent behind it fail too ("current transaction is aborted"), and a COMMIT sent behind it rolls
 * back, so nothing a failed transaction wrote is ever committed.
 */
export class PipelinedTransaction {
  /** Commit signals raised in the transaction (fired by the Db once it has committed). */
  readonly signals = new Set<string>();
  readonly #client: PoolClient;
  /** BEGIN, once the first statement has been sent (nothing is sent for work that never reaches the database). */
  #begun: Promise<QueryResult> | null = null;
  /** The COMMIT sent behind the last statement (`run` with `last`). */
  #committing: Promise<QueryResult> | null = null;
  #batching = false;
  readonly #plansKeyLookups: boolean;

  /**
   * `plansKeyLookups`: the transaction's statements are planned as lookups by key (`PLAN_KEY_LOOKUPS`), sent
   * behind BEGIN in the same write.
   */
  constructor(client: PoolClient, options: { plansKeyLookups?: boolean } = {}) {
    this.#client = client;
    this.#plansKeyLookups = options.plansKeyLookups ?? false;
    setPipelined(client, true);
  }

  /**
   * Sends one statement and answers its rows. `last`: the transaction's last statement, with the COMMIT sent
   * in the same write (`commit` then waits for it); a statement after it is a programming error.
   */
  async run<Row>(statement: Statement, last = false): Promise<Row[]> {
    if (this.#committing) throw new Error('a statement after the last statement of the transaction');
    this.#batchThisTurn();
    this.#begun ??= this.#begin();
    const begun = this.#begun;
    const answer = this.#client.query(statement);
    if (last) {
      this.#committing = this.#client.query('commit');
      // Awaited by `commit`; a failed statement before it leaves it to roll back, which is no one's error here.
      this.#committing.catch(() => undefined);
    }
    // A failed BEGIN is the first statement's failure.
    const [, result] = await Promise.all([begun, answer]);
    return result.rows as Row[];
  }

  #begin(): Promise<QueryResult> {
    const begun = this.#client.query('begin');
    if (!this.#plansKeyLookups) return begun;
    const planned = this.#client.query(PLAN_KEY_LOOKUPS);
    return Promise.all([begun, planned]).then(([result]) => result);
  }

  /** A transaction of one request: every row it locks is its own (see shared-transactions.ts). */
  claim(_key: string): boolean {
    return true;
  }

  /** Commits: waits for the COMMIT sent behind the last statement, or sends one. */
  async commit(): Promise<void> {
    if (!this.#begun) return;
    const result = await (this.#committing ?? this.#client.query('commit'));
    // COMMIT of a transaction that failed answers ROLLBACK rather than an error: never report it as committed.
    if (result.command !== 'COMMIT')
      throw new Error(`the transaction ended with ${result.command}, not COMMIT`);
  }

  /** Rolls back whatever was sent (a COMMIT already sent behind a failed statement rolls back by itself). */
  async rollback(): Promise<void> {
    if (!this.#begun) return;
    await this.#client.query('rollback');
  }

  /** Hands the connection back to the pool in its ordinary mode (closed instead when `broken`). */
  release(broken?: Error): void {
    setPipelined(this.#client, false);
    this.#client.release(broken);
  }

  /**
   * Holds the socket's writes until the current synchronous run ends, so BEGIN and the statements issued together
   * leave in one write (one wake-up of the database's process instead of one per statement).
   */
  #batchThisTurn(): void {
    if (this.#batching) return;
    const stream = (this.#client as unknown as { connection?: { stream?: Corkable } }).connection?.stream;
    const { cork, uncork } = stream ?? {};
    if (!stream || !cork || !uncork) return;
    this.#batching = true;
    cork.call(stream);
    queueMicrotask(() => {
      this.#batching = false;
      uncork.call(stream);
    });
  }
}

/**
 * Plans every join of the transaction's statements as lookups by key, for its own duration (`set_config` with
 * `is_local`). A statement that several requests share (platform/db/shared-transaction-client.ts) joins an array
 * of their keys (`unnest($1::uuid[])`) with the locked tables. A generic plan cannot know that array's size and
 * takes it for 10 to 100 rows; made while the tables are young (under ten pages, the size PostgreSQL assumes for a
 * table never vacuumed), a hash join over a sequential scan of the whole table looks cheaper, and the connection
 * keeps that plan until the table is next analyzed. On a new database under the card flow's load none was
 * analyzed within 30 s, and the shared statements read 1,200 to 1,800 rows of `orders` and `transactions` per
 * flow, more as the tables grew. Every such join is by primary or unique key, so a lookup per key is the right
 * plan at any size; the settings only make the other plans the last resort, so a statement that has no index to
 * use still runs.
 */
export const PLAN_KEY_LOOKUPS = {
  name: 'plan_key_lookups',
  text: "select set_config('enable_seqscan', 'off', true), set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)",
};

/** The part of the connection's socket `#batchThisTurn` uses (a stream without them is written as it goes). */
interface Corkable {
  cork?(): void;
  uncork?(): void;
}

/** `pg`'s pipeline mode (ClientConfig `pipeline`), switched on a pooled connection for one transaction. */
function setPipelined(client: PoolClient, on: boolean): void {
  (client as unknown as { pipeline: boolean }).pipeline = on;
}
