import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { raiseAfterCommit } from './commit-signals.ts';
import { claimJoinedWrite, type JoinedWrite } from './joined-writes.ts';
import type { PipelinedReads } from './pipelined-reads.ts';
import {
  combinedStatement,
  mergedStatement,
  mergesOf,
  type PreparedStatement,
  pgQueryConfig,
  type SharedRead,
  type SqlPart,
  type ValueMerge,
} from './prepared.ts';
import { executeSql } from './raw-sql.ts';
import { LockHeldBySharer, type Merging, type TransactionClient } from './shared-transactions.ts';
import type { WriteBatches } from './write-batches.ts';

/**
 * The one door to MikroORM's EntityManager. Commands hold a `UnitOfWork` and build repositories from it
 * (`new OrderRepository(uow)`); only repositories (through `Repository`) and platform/db open it. The import
 * boundary check keeps every other file away from this one.
 */
export type { EntityManager };

interface ReadSource {
  /** Forks an EntityManager for the read's ORM queries. */
  fork(): EntityManager;
  /** The pool prepared statements of a read run on. */
  pool(): Promise<Pool>;
  /** Where `preparedRead` statements go instead of the pool, when the Db has them. */
  reads?: PipelinedReads | null;
  /** Fires a commit signal at once: each statement outside a transaction has committed when it returns. */
  committed(signal: string): void;
  /** A `Db.autocommit` whose combined statement takes the work's joined write (`Repository.combined`). */
  joinsInStatement?: boolean;
  /** Where such an autocommit's combined statement goes to share a statement with concurrent ones. */
  batches?: WriteBatches | null;
}

/**
 * One unit of work: a database transaction, or a read. Opaque to commands.
 *
 * Every statement of a transaction runs on its connection. A read forks an EntityManager only when a repository
 * first makes an ORM query: a read made of prepared statements alone never forks, and runs each statement on
 * whichever pooled connection is free. A prepared-statement transaction has no EntityManager at all.
 */
export class UnitOfWork {
  #em: EntityManager | null;
  readonly #read: ReadSource | null;
  readonly #client: TransactionClient | null;
  /**
   * A pipelined transaction's joined write (the request's audit entry), until a statement takes it: the first
   * combined statement as one of its parts, else the last statement or the commit sends it before them.
   */
  #joined: JoinedWrite | null = null;

  /** A unit of work on `em`: a fork with its database transaction open. */
  constructor(em: EntityManager, read: ReadSource | null = null, client: TransactionClient | null = null) {
    this.#em = em;
    this.#read = read;
    this.#client = client;
  }

  /** A read (no transaction): see the class comment. */
  static reading(source: ReadSource): UnitOfWork {
    return new UnitOfWork(null as unknown as EntityManager, source);
  }

  /** A transaction whose statements are all prepared statements, pipelined (`Db.preparedTransaction`). */
  static onClient(transaction: TransactionClient, joined?: JoinedWrite): UnitOfWork {
    const uow = new UnitOfWork(null as unknown as EntityManager, null, transaction);
    uow.#joined = joined ?? null;
    return uow;
  }

  /**
   * The pipelined transaction's joined write as a part of the statement being built, if no statement has taken
   * it yet (the transaction settles it when it commits or rolls back). For platform/db only.
   */
  static takeJoinedPart(uow: UnitOfWork): SqlPart | null {
    const joined = uow.#joined;
    uow.#joined = null;
    return joined ? joined.part() : null;
  }

  /**
   * Sends the pipelined transaction's joined write if no statement has taken it yet (before its last statement,
   * or before the commit); null when there is nothing to send. For platform/db only.
   */
  static writeJoined(uow: UnitOfWork): Promise<void> | null {
    const joined = uow.#joined;
    uow.#joined = null;
    return joined ? joined.write(uow) : null;
  }

  /** The pool this unit of work reads from (a read replica's, for `Db.replicaRead`). For repositories only. */
  static poolOf(uow: UnitOfWork): Promise<Pool> {
    if (uow.#read) return uow.#read.pool();
    if (uow.#client) throw new Error('a prepared-statement transaction has no pool of its own to read from');
    return uow.#em!.getConnection().getNativeClient() as Promise<Pool>;
  }

  /**
   * Whether statements issued together (`Promise.all`) are sent together and run in the order issued, one after
   * another on the transaction's connection (a pipelined transaction). Elsewhere a repository awaits each
   * statement before the next one that must run after it. For repositories only.
   */
  static pipelines(uow: UnitOfWork): boolean {
    return uow.#client !== null;
  }

  /**
   * Whether a combined statement of this unit of work takes the work's joined write as one of its parts: an
   * autocommit that asked for it (`Db.autocommit(work, { joinsInStatement: true })`). For platform/db only.
   */
  static joinsInStatement(uow: UnitOfWork): boolean {
    return uow.#read?.joinsInStatement === true;
  }

  /**
   * Takes a row just locked (`key`) as this unit of work's own; in a transaction shared with other requests
   * (platform/db/shared-transactions.ts) one of them may hold it already, and then this request steps out
   * (`LockHeldBySharer`) and runs again alone. For repositories only.
   */
  static claimLocked(uow: UnitOfWork, key: string): void {
    if (uow.#client && !uow.#client.claim(key)) throw new LockHeldBySharer(key);
  }

  /** For repositories and platform/db only. */
  static entityManagerOf(uow: UnitOfWork): EntityManager {
    if (uow.#client) {
      throw new Error('a prepared-statement transaction (Db.preparedTransaction) has no EntityManager');
    }
    uow.#em ??= uow.#read!.fork();
    return uow.#em;
  }

  /**
   * Fires `signal` (platform/db/commit-signals.ts) once what this unit of work wrote has committed: after the
   * transaction's commit, or at once outside a transaction (the statement that wrote has committed by itself).
   */
  static signalAfterCommit(uow: UnitOfWork, signal: string): void {
    if (uow.#read) uow.#read.committed(signal);
    else if (uow.#client) uow.#client.signals.add(signal);
    else raiseAfterCommit(uow.#em!, signal);
  }

  /**
   * Runs a named prepared statement in this unit of work: on the transaction's connection, or for a read on
   * the pool. For repositories and platform/db only.
   */
  static async runPrepared<Row>(
    uow: UnitOfWork,
    statement: PreparedStatement,
    values: readonly unknown[],
  ): Promise<Row[]> {
    return UnitOfWork.runSql<Row>(uow, statement, values);
  }

  /**
   * Runs a combined statement (`Repository.combined`, named after `name`) of `parts`: in an autocommit that takes
   * its joined write, merged with concurrent writes of the same statement when every part says how
   * (platform/db/write-batches.ts); as a shared transaction's last statement of a request, merged with the other
   * requests' (platform/db/shared-transactions.ts); elsewhere as `runSql`. For platform/db only.
   */
  static async runCombined<Row>(
    uow: UnitOfWork,
    name: string,
    statement: PreparedStatement,
    values: readonly unknown[],
    parts: readonly SqlPart[],
    options: { last?: boolean } = {},
  ): Promise<Row[]> {
    // Only a Db.autocommit that takes its joined write in the statement hands its read source the batches.
    const batches = uow.#read?.batches ?? null;
    const merges = batches || (uow.#client && options.last) ? mergesOf(parts) : null;
    const merged = () => mergedStatement(name, parts);
    if (batches && merges) return (await batches.run(statement, values, merges, merged)).rows as Row[];
    // A transaction's last statement says how it merges with other requests' (a shared transaction's client).
    const merging = uow.#client && options.last && merges ? { merges, merged } : undefined;
    return UnitOfWork.runSql<Row>(uow, statement, values, { ...options, merging });
  }

  /**
   * Runs a prepared read that the other requests of a shared transaction may send as one statement with this one
   * (`SharedRead`); elsewhere as `runPrepared`. For repositories only.
   */
  static async runSharedRead<Row>(
    uow: UnitOfWork,
    statement: PreparedStatement,
    values: readonly unknown[],
    shared: SharedRead,
  ): Promise<Row[]> {
    if (uow.#client?.runShared) return uow.#client.runShared<Row>(statement, values, shared);
    return UnitOfWork.runSql<Row>(uow, statement, values);
  }

  /** Whether a write of this unit of work may share its statement with concurrent ones. For repositories only. */
  static mayMerge(uow: UnitOfWork): boolean {
    return (uow.#read?.batches ?? null) !== null;
  }

  /**
   * Runs a prepared write whose values merge as `merges` says: shared with concurrent writes of the same statement
   * in an autocommit that allows it (`Db.autocommit(work, { merges: true })`), elsewhere as `runSql`. Every
   * write of a shared statement is answered the statement's whole result. For repositories only.
   */
  static async runMerging<Row>(
    uow: UnitOfWork,
    statement: PreparedStatement,
    values: readonly unknown[],
    merges: readonly ValueMerge[],
  ): Promise<Row[]> {
    const batches = uow.#read?.batches ?? null;
    if (batches) return (await batches.run(statement, values, merges)).rows as Row[];
    return UnitOfWork.runSql<Row>(uow, statement, values);
  }

  /**
   * Runs parameterised SQL (`$1`, `$2`, ...) in this unit of work, as a named prepared statement when it has a
   * name. Unnamed: for SQL whose text varies with the request (a search's filter), parsed each time.
   */
  static async runSql<Row>(
    uow: UnitOfWork,
    statement: { readonly name?: string; readonly text: string },
    values: readonly unknown[],
    options: { last?: boolean; merging?: Merging } = {},
  ): Promise<Row[]> {
    const query = () =>
      statement.name
        ? pgQueryConfig(statement as PreparedStatement, values)
        : { text: statement.text, values: [...values] };
    if (uow.#client) {
      // The joined write, if still unsent, leaves just ahead of the last statement (COMMIT follows it at once).
      const joined = options.last ? UnitOfWork.writeJoined(uow) : null;
      joined?.catch(() => undefined);
      const rows = await uow.#client.run<Row>(query(), options.last, options.merging);
      await joined;
      return rows;
    }
    if (uow.#read) {
      const { reads } = uow.#read;
      if (reads && (statement as PreparedStatement).pipelinedRead)
        return (await reads.query(query())).rows as Row[];
      const pool = await uow.#read.pool();
      return (await pool.query(query())).rows as Row[];
    }
    return executeSql<Row>(uow.#em!, statement, values);
  }
}

/** Base of every repository: the only classes with SQL and EntityManager calls. */
export abstract class Repository {
  readonly #uow: UnitOfWork;
  #em: EntityManager | null = null;

  constructor(uow: UnitOfWork) {
    this.#uow = uow;
  }

  /** The unit of work's EntityManager (a read forks one on first use). */
  protected get em(): EntityManager {
    this.#em ??= UnitOfWork.entityManagerOf(this.#uow);
    return this.#em;
  }

  /** The pool of this unit of work's reads, for what needs a connection of its own (a cursor). */
  protected pool(): Promise<Pool> {
    return UnitOfWork.poolOf(this.#uow);
  }

  /** Runs a named prepared statement (platform/db/prepared.ts) with bound values; returns its rows. */
  protected prepared<Row>(statement: PreparedStatement, values: readonly unknown[]): Promise<Row[]> {
    return UnitOfWork.runPrepared<Row>(this.#uow, statement, values);
  }

  /**
   * The unit of work's last statement (a named prepared statement): in a pipelined transaction the COMMIT is sent
   * right behind it, so the two cost one round trip. Nothing may be sent after it; elsewhere it is `prepared`.
   */
  protected preparedLast<Row>(statement: PreparedStatement, values: readonly unknown[]): Promise<Row[]> {
    return UnitOfWork.runSql<Row>(this.#uow, statement, values, { last: true });
  }

  /**
   * A named prepared read that, in a transaction shared by several requests, leaves as one statement with the
   * other requests' same read (`SharedRead`: the lock of an order and the read under it); elsewhere `prepared`.
   */
  protected preparedShared<Row>(
    statement: PreparedStatement,
    values: readonly unknown[],
    shared: SharedRead,
  ): Promise<Row[]> {
    return UnitOfWork.runSharedRead<Row>(this.#uow, statement, values, shared);
  }

  /**
   * Whether `preparedMerging` may share a statement here (`Db.autocommit(work, { merges: true })` made by a request
   * of a shared transaction): a repository with a cheaper statement for a write alone uses that one otherwise.
   */
  protected get mayMerge(): boolean {
    return UnitOfWork.mayMerge(this.#uow);
  }

  /**
   * A one-statement write that may share its statement with concurrent writes of the same statement
   * (`UnitOfWork.runMerging`); its result holds every sharing write's rows, so each must find its own.
   */
  protected preparedMerging<Row>(
    statement: PreparedStatement,
    values: readonly unknown[],
    merges: readonly ValueMerge[],
  ): Promise<Row[]> {
    return UnitOfWork.runMerging<Row>(this.#uow, statement, values, merges);
  }

  /**
   * Runs `parts` as ONE statement (`combinedStatement`), the unit of work's last when `last` (see `preparedLast`).
   * The work's joined write (the request's audit entry) is one more part of it: in a pipelined transaction it
   * commits with the transaction; in an autocommit that lets its statement take it, with the statement (and is
   * not written if the statement fails).
   */
  protected async combined<Row>(
    name: string,
    parts: readonly SqlPart[],
    options: { last?: boolean } = {},
  ): Promise<Row[]> {
    // In a pipelined transaction, its joined write (settled by the transaction); in an autocommit that lets its
    // statement take it, the work's joined write, settled here by the statement's outcome.
    const inTransaction = UnitOfWork.takeJoinedPart(this.#uow);
    const joined = !inTransaction && UnitOfWork.joinsInStatement(this.#uow) ? claimJoinedWrite() : undefined;
    const part = inTransaction ?? joined?.part();
    const all = part ? [...parts, part] : parts;
    const { statement, values } = combinedStatement(name, all);
    try {
      const rows = await UnitOfWork.runCombined<Row>(this.#uow, name, statement, values, all, options);
      joined?.settle(true);
      return rows;
    } catch (error) {
      joined?.settle(false);
      throw error;
    }
  }

  /**
   * Called right after locking a row (`key` names it), before anything is written: in a transaction shared with
   * other requests, a row another of them locked first makes this one step out and run again alone.
   */
  protected claimLocked(key: string): void {
    UnitOfWork.claimLocked(this.#uow, key);
  }

  /** Whether statements issued together are sent together and run in the order issued (`UnitOfWork.pipelines`). */
  protected get pipelines(): boolean {
    return UnitOfWork.pipelines(this.#uow);
  }

  /**
   * Parameterised SQL whose text varies (`$1`, `$2`, … bound, never inlined), for hot reads and set-based
   * writes; returns its rows. In a transaction on its connection; in a read on any pooled connection.
   */
  protected query<Row = Record<string, unknown>>(
    text: string,
    values: readonly unknown[] = [],
  ): Promise<Row[]> {
    return UnitOfWork.runSql<Row>(this.#uow, { text }, values);
  }

  /** Fires `signal` (see commit-signals.ts) once the unit of work's transaction has committed. */
  protected signalAfterCommit(signal: string): void {
    UnitOfWork.signalAfterCommit(this.#uow, signal);
  }
}
