import type { PipelinedTransaction, Statement } from './pipelined-transaction.ts';
import { type PreparedStatement, pgQueryConfig, type SharedRead, type ValueMerge } from './prepared.ts';
import { alikeGroups, mergedValues } from './write-batches.ts';

/**
 * What one request of a shared transaction (shared-transactions.ts) runs its statements on: its own client of
 * the shared connection, which claims the rows it locks and holds its last statement for the others'.
 */

/** A statement that only reads (a lock included): a member that failed after these alone wrote nothing. */
const READS_ONLY = /^\s*select\b/i;

/** What a unit of work's statements run on in a prepared-statement transaction (UnitOfWork's client). */
export interface TransactionClient {
  /** Commit signals raised in the transaction (fired once it has committed). */
  readonly signals: Set<string>;
  /**
   * `merging`: how the statement (a request's last, a combined write) merges with other requests' last statements
   * of the same text, when the transaction is shared.
   */
  run<Row>(statement: Statement, last?: boolean, merging?: Merging): Promise<Row[]>;
  /**
   * Sends a read that other requests of a shared transaction may send as one statement with theirs (`SharedRead`);
   * absent where there are no others (a transaction of one request).
   */
  runShared?<Row>(
    statement: PreparedStatement,
    values: readonly unknown[],
    shared: SharedRead,
  ): Promise<Row[]>;
  /**
   * Takes `key` (a row this unit of work has just locked) as its own: false when another request of the same
   * shared transaction locked it first (row locks are the transaction's, so both would hold it).
   */
  claim(key: string): boolean;
}

/** How a last statement's values merge with others' (`SqlPart.merges`), and the statement they then run. */
export interface Merging {
  readonly merges: readonly ValueMerge[];
  readonly merged: () => PreparedStatement;
}

/**
 * Thrown by a request whose lock another request of its shared transaction already holds (`claim`): it wrote
 * nothing, and runs again alone once that transaction has ended, waiting for the lock as it would have.
 */
export class LockHeldBySharer extends Error {
  constructor(key: string) {
    super(`${key} is locked by another request of the same shared transaction`);
  }
}

/** One request's view of a shared transaction: its statements on the shared connection, never the COMMIT. */
export class MemberClient implements TransactionClient {
  readonly signals = new Set<string>();
  /** Whether it sent a statement that may have written (anything but a plain or locking select). */
  wrote = false;
  /** 'open' while its work runs; 'holding' its last statement for the others' (LastStatements); 'settled'. */
  state: 'open' | 'holding' | 'settled' = 'open';
  readonly #transaction: PipelinedTransaction;
  readonly #claims: Map<string, MemberClient>;
  readonly #finals: LastStatements;

  readonly #reads: SharedReads;

  constructor(
    transaction: PipelinedTransaction,
    claims: Map<string, MemberClient>,
    finals: LastStatements,
    reads: SharedReads,
  ) {
    this.#transaction = transaction;
    this.#claims = claims;
    this.#finals = finals;
    this.#reads = reads;
  }

  runShared<Row>(
    statement: PreparedStatement,
    values: readonly unknown[],
    shared: SharedRead,
  ): Promise<Row[]> {
    return this.#reads.send<Row>(statement, values, shared);
  }

  run<Row>(statement: Statement, last?: boolean, merging?: Merging): Promise<Row[]> {
    if (!READS_ONLY.test(statement.text)) this.wrote = true;
    // A last statement that may merge waits for the other requests' (LastStatements). The shared transaction
    // commits once every request has finished: a request's last statement is only last for it.
    if (last && merging) return this.#finals.hold<Row>(this, statement, merging);
    return this.#transaction.run<Row>(statement);
  }

  claim(key: string): boolean {
    const holder = this.#claims.get(key);
    if (holder !== undefined && holder !== this) return false;
    this.#claims.set(key, this);
    return true;
  }
}

interface Held {
  readonly statement: Statement;
  readonly merging: Merging;
  resolve(rows: unknown[]): void;
  reject(error: unknown): void;
}

/**
 * The requests' last statements (each request's combined write), held until every request of the transaction
 * has either sent its own or finished, then sent together: those of one text whose parts all say how their
 * values merge (`SqlPart.merges`) as ONE statement (`SqlPart.mergedSql`), as concurrent creates are
 * (write-batches.ts). Each request touches only its own order's rows (claimed), so the merged statement does what
 * the requests' statements would have done one after the other. Measured: authenticate's combined write, 534 µs
 * of PostgreSQL time alone, docs/reference/benchmarks.md.
 *
 * The COMMIT leaves in the same write, behind them, as it does behind a request's last statement alone
 * (`PipelinedTransaction.run` with `last`), unless a request that finished had failed after writing: its writes
 * must not commit, so the transaction waits for the coordinator's rollback (shared-transactions.ts). A statement
 * the database refuses makes that COMMIT answer ROLLBACK. This spares every shared transaction a round trip.
 */
export class LastStatements {
  clients: readonly MemberClient[] = [];
  /** Whether the COMMIT was sent behind the last statements (the transaction's outcome is then the commit's). */
  committing = false;
  readonly #transaction: PipelinedTransaction;
  #held: Held[] = [];
  /** A request finished with an error after it had written: the transaction must roll back. */
  #failedAfterWriting = false;

  constructor(transaction: PipelinedTransaction) {
    this.#transaction = transaction;
  }

  hold<Row>(client: MemberClient, statement: Statement, merging: Merging): Promise<Row[]> {
    return new Promise<Row[]>((resolve, reject) => {
      this.#held.push({ statement, merging, resolve: resolve as (rows: unknown[]) => void, reject });
      client.state = 'holding';
      this.#sendWhenReady();
    });
  }

  /** The request's work has finished (`failed`: with an error). */
  settled(client: MemberClient, failed: boolean): void {
    client.state = 'settled';
    if (failed && client.wrote) this.#failedAfterWriting = true;
    this.#sendWhenReady();
  }

  #sendWhenReady(): void {
    if (this.#held.length === 0 || this.clients.some((client) => client.state === 'open')) return;
    const held = this.#held;
    this.#held = [];
    const byText = new Map<string, Held[]>();
    for (const entry of held) {
      const alike = byText.get(entry.statement.text);
      if (alike) alike.push(entry);
      else byText.set(entry.statement.text, [entry]);
    }
    const statements: { statement: Statement; entries: Held[] }[] = [];
    for (const alike of byText.values()) {
      const { merges } = alike[0]!.merging;
      const values = alike.map((entry) => entry.statement.values ?? []);
      for (const group of alikeGroups(merges, values)) {
        const entries = group.map((index) => alike[index]!);
        const statement =
          entries.length === 1
            ? entries[0]!.statement
            : pgQueryConfig(
                alike[0]!.merging.merged(),
                mergedValues(
                  merges,
                  group.map((index) => values[index]!),
                ),
              );
        statements.push({ statement, entries });
      }
    }
    // Every request has now sent its last statement or finished: nothing else can follow these.
    this.committing = !this.#failedAfterWriting;
    statements.forEach(({ statement, entries }, index) => {
      const last = this.committing && index === statements.length - 1;
      this.#transaction.run<unknown>(statement, last).then(
        (rows) => {
          for (const entry of entries) entry.resolve(rows);
        },
        (error: unknown) => {
          for (const entry of entries) entry.reject(error);
        },
      );
    });
  }
}

interface PendingRead {
  readonly statement: PreparedStatement;
  readonly values: readonly unknown[];
  readonly shared: SharedRead;
  resolve(rows: unknown[]): void;
  reject(error: unknown): void;
}

/**
 * The shared reads the requests of a shared transaction send in one turn of the event loop (as they start, each
 * its lock and the read of what it locked: `OrderWriteRepository.lockOrder`), sent at the end of that turn: those of
 * one statement as ONE statement of all the requests' values (`SharedRead`), each request answered its own rows
 * (by `key`). Statements leave in the order they were first sent, so every lock is taken before any read under it.
 * A merged lock takes its rows in key order (its `order by`): two shared transactions never wait on each other in
 * a circle.
 */
export class SharedReads {
  readonly #transaction: PipelinedTransaction;
  #pending: PendingRead[] = [];

  constructor(transaction: PipelinedTransaction) {
    this.#transaction = transaction;
  }

  send<Row>(statement: PreparedStatement, values: readonly unknown[], shared: SharedRead): Promise<Row[]> {
    return new Promise<Row[]>((resolve, reject) => {
      if (this.#pending.length === 0) queueMicrotask(() => this.#flush());
      this.#pending.push({
        statement,
        values,
        shared,
        resolve: resolve as (rows: unknown[]) => void,
        reject,
      });
    });
  }

  #flush(): void {
    const pending = this.#pending;
    this.#pending = [];
    // By statement, in the order first sent; within one, by what keeps requests apart.
    const groups = new Map<string, Map<string, PendingRead[]>>();
    for (const read of pending) {
      let byApart = groups.get(read.statement.name);
      if (!byApart) {
        byApart = new Map();
        groups.set(read.statement.name, byApart);
      }
      const apart = read.shared.apart?.(read.values) ?? '';
      const alike = byApart.get(apart);
      if (alike) alike.push(read);
      else byApart.set(apart, [read]);
    }
    for (const byApart of groups.values()) {
      for (const reads of byApart.values()) {
        if (reads.length === 1) {
          const [read] = reads;
          this.#transaction
            .run<unknown>(pgQueryConfig(read!.statement, read!.values))
            .then(read!.resolve, read!.reject);
          continue;
        }
        const { shared } = reads[0]!;
        const values = shared.values(reads.map((read) => read.values));
        this.#transaction.run<{ request: number | string }>(pgQueryConfig(shared.statement, values)).then(
          (rows) => {
            const byRequest = reads.map((): unknown[] => []);
            for (const row of rows) byRequest[Number(row.request) - 1]?.push(row);
            for (const [index, read] of reads.entries()) read.resolve(byRequest[index]!);
          },
          (error: unknown) => {
            for (const read of reads) read.reject(error);
          },
        );
      }
    }
  }
}
