import pg, { type Pool } from 'pg';
import type { Logger } from 'pino';
import { isReplicaUnavailable } from '../errors/outage.ts';
import { fireCommitted } from './commit-signals.ts';
import { claimJoinedWrite, type JoinedWrite } from './joined-writes.ts';
import type { Orm } from './orm.ts';
import { PipelinedReads } from './pipelined-reads.ts';
import { PipelinedTransaction } from './pipelined-transaction.ts';
import { UnitOfWork } from './repository.ts';
import { type LockedRun, withSessionLock } from './session-lock.ts';
import {
  isSharingTransaction,
  SharedTransactions,
  type SharedWork,
  type TransactionClient,
} from './shared-transactions.ts';
import { WriteBatches } from './write-batches.ts';

export type { UnitOfWork };

/**
 * `deps.db`: units of work on the system of record, each handing the work an opaque `UnitOfWork` to build
 * repositories from and to enqueue jobs in. A `transaction` runs on one fresh EntityManager fork of its own
 * (so nothing read earlier can be served stale from an identity map); a `read` forks one only if it makes an
 * ORM query, and runs prepared statements straight on the pool.
 */
export class Db {
  readonly #orm: Orm;
  #pool: Promise<Pool> | null = null;
  readonly #replica: Orm | null;
  readonly #logger: Pick<Logger, 'warn'> | null;
  #replicaPool: Promise<Pool> | null = null;
  /** Until when reads skip a replica that failed (ms since the epoch). */
  #replicaDownUntil = 0;
  /** Whether the replica's current outage was already logged (one warning per outage, not per read). */
  #replicaOutageLogged = false;
  /** A pool of this Db's own (`dedicated`), instead of the ORM's. */
  #ownPool: Promise<Pool> | null = null;
  /** A `dedicated` Db's pool, made at its first use (building the services touches no database). */
  #makeOwnPool: (() => Promise<Pool>) | null = null;
  /** The `dedicated` Dbs made from this one and not closed. */
  readonly #dedicated = new Set<Db>();
  /** Where reads and autocommits send `preparedRead` statements; null: the pool. */
  readonly #reads: PipelinedReads | null;
  /** Where one-statement autocommit writes share statements under concurrency; null: each alone. */
  readonly #batches: WriteBatches | null;
  /** DATABASE_BATCHED_WRITES, for the `dedicated` Dbs made from this one. */
  readonly #batchedWrites: number;
  /** Where locked prepared-statement transactions share one transaction under concurrency; null: each alone. */
  readonly #shared: SharedTransactions | null;

  /**
   * `replica`: an ORM on DATABASE_READ_URL, a streaming replica of `orm`'s database. `pipelinedReads`: how many
   * connections of their own carry `preparedRead` statements outside transactions (platform/db/pipelined-reads.ts;
   * DATABASE_PIPELINED_READS); 0: they use the pool like any statement. `batchedWrites`: how many one-statement
   * autocommit writes run at once before concurrent ones queue and merge (platform/db/write-batches.ts;
   * DATABASE_BATCHED_WRITES); 0: each runs alone. The same number bounds the transactions of each kind that
   * `preparedTransaction(work, { shares })` runs at once before concurrent ones share one
   * (platform/db/shared-transactions.ts).
   */
  constructor(
    orm: Orm,
    options: {
      replica?: Orm | null;
      logger?: Pick<Logger, 'warn'>;
      pipelinedReads?: number;
      batchedWrites?: number;
    } = {},
  ) {
    this.#orm = orm;
    this.#replica = options.replica ?? null;
    this.#logger = options.logger ?? null;
    this.#reads =
      (options.pipelinedReads ?? 0) > 0
        ? new PipelinedReads({
            size: options.pipelinedReads!,
            logger: options.logger,
            config: () => this.#poolSettings(),
          })
        : null;
    this.#batches =
      (options.batchedWrites ?? 0) > 0
        ? new WriteBatches({ pool: () => this.#nativePool(), inFlight: options.batchedWrites! })
        : null;
    this.#batchedWrites = options.batchedWrites ?? 0;
    this.#shared =
      (options.batchedWrites ?? 0) > 0
        ? new SharedTransactions({
            connect: async () => (await this.#nativePool()).connect(),
            inFlight: options.batchedWrites!,
          })
        : null;
  }

  /**
   * Runs read-only work that may be a moment behind the primary (search, the CSV export, statistics, GraphQL
   * connections) on the read replica when there is one. A replica that cannot be reached is not the
   * merchant's problem: the work runs on the primary instead, with a warning, and the replica is left alone for
   * a few seconds before it is tried again. Work that must see its own writes uses `read` or `transaction`.
   */
  async replicaRead<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    const replica = this.#replica;
    if (!replica || Date.now() < this.#replicaDownUntil) return this.read(work);
    try {
      const result = await work(
        UnitOfWork.reading({
          fork: () => replica.em.fork(),
          pool: () => {
            this.#replicaPool ??= (replica.em.getConnection().getNativeClient() as Promise<Pool>).catch(
              (error) => {
                this.#replicaPool = null;
                throw error;
              },
            );
            return this.#replicaPool;
          },
          committed: () => undefined,
        }),
      );
      if (this.#replicaOutageLogged) {
        this.#replicaOutageLogged = false;
        this.#logger?.warn('read replica is back: reading from it again');
      }
      return result;
    } catch (error) {
      if (!isReplicaUnavailable(error)) throw error;
      // One warning per outage: reads that fail while it is marked down go to the primary without one.
      if (!this.#replicaOutageLogged) {
        this.#replicaOutageLogged = true;
        this.#logger?.warn({ err: error }, 'read replica unreachable: reading from the primary');
      }
      this.#replicaDownUntil = Date.now() + REPLICA_RETRY_MS;
      return this.read(work);
    }
  }

  /** Runs work in one database transaction; flushes and commits on success, rolls everything back on a throw. */
  async transaction<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    const joined = claimJoinedWrite();
    const em = this.#orm.em.fork();
    try {
      await em.begin();
    } catch (error) {
      joined?.settle(false);
      throw error;
    }
    try {
      const uow = new UnitOfWork(em);
      const result = await work(uow);
      if (joined) await joined.write(uow);
      await em.commit();
      joined?.settle(true);
      return result;
    } catch (error) {
      joined?.settle(false);
      await em.rollback();
      throw error;
    }
  }

  /**
   * `transaction` for work whose every statement is a repository's prepared statement (the card flow's vault and
   * authenticate commands): BEGIN, the work and COMMIT on one pooled connection of the ORM's pool, without an
   * EntityManager fork, its flush or the query builder the ORM runs statements through, and pipelined
   * (platform/db/pipelined-transaction.ts): BEGIN leaves with the first statement, statements issued together leave
   * together, and the COMMIT with the last statement (`Repository.preparedLast`). `joinsInStatement`: the work
   * ends in a combined write (`Repository.combined`), which takes the joined write (the request's audit entry) as
   * one of its parts instead of a statement of its own. Same atomicity, locks and
   * commit signals; a repository that reaches for the ORM in it throws (UnitOfWork.entityManagerOf).
   *
   * `shares` (a kind, such as the command's name): while transactions of that kind are in flight, concurrent ones
   * run as one database transaction, each request's work on its own, with one commit for all
   * (platform/db/shared-transactions.ts). Only for work that locks its rows with a repository's lock that claims
   * them (`Repository.claimLocked`), so that two requests of one transaction never act on the same rows.
   */
  preparedTransaction<T>(
    work: (uow: UnitOfWork) => Promise<T>,
    options: { joinsInStatement?: boolean; shares?: string } = {},
  ): Promise<T> {
    const inStatement = options.joinsInStatement ?? false;
    if (options.shares && this.#shared) {
      return this.#shared.run(options.shares, {
        alone: () => this.#pipelined(work, claimJoinedWrite(), inStatement),
        share: (client) => this.#sharing(work, client, inStatement),
      });
    }
    return this.#pipelined(work, claimJoinedWrite(), inStatement);
  }

  /**
   * One request's work on a shared transaction's client (`preparedTransaction` with `shares`): as `#pipelined`,
   * but the commit is the shared transaction's, which settles the joined write and fires the signals after it.
   */
  async #sharing<T>(
    work: (uow: UnitOfWork) => Promise<T>,
    client: TransactionClient,
    inStatement: boolean,
  ): Promise<SharedWork<T>> {
    const joined = claimJoinedWrite();
    try {
      const { result: value, late } = await runOnClient(work, client, joined, inStatement);
      if (late) await late;
      return {
        value,
        settle: (committed) => {
          joined?.settle(committed);
          if (committed) for (const signal of client.signals) fireCommitted(this.#orm, signal);
        },
      };
    } catch (error) {
      joined?.settle(false);
      throw error;
    }
  }

  /**
   * A pipelined transaction; a joined write (`joined`) goes out first, behind BEGIN and with the work's first
   * statements, or (`inStatement`) as a part of the work's first combined statement, else ahead of its last
   * statement or with the COMMIT. It costs no round trip of its own, and commits or rolls back with the work.
   */
  async #pipelined<T>(
    work: (uow: UnitOfWork) => Promise<T>,
    joined: JoinedWrite | undefined,
    inStatement: boolean,
  ): Promise<T> {
    let transaction: PipelinedTransaction;
    try {
      transaction = new PipelinedTransaction(await (await this.#nativePool()).connect());
    } catch (error) {
      joined?.settle(false);
      throw error;
    }
    let broken: Error | undefined;
    try {
      const { result, late } = await runOnClient(work, transaction, joined, inStatement);
      // Still unsent: it leaves with the COMMIT, in the same write (a failure turns the COMMIT into a rollback).
      if (late) await Promise.all([late, transaction.commit()]);
      else await transaction.commit();
      joined?.settle(true);
      for (const signal of transaction.signals) fireCommitted(this.#orm, signal);
      return result;
    } catch (error) {
      joined?.settle(false);
      await transaction.rollback().catch((rollbackFailed: Error) => {
        broken = rollbackFailed;
      });
      throw error;
    } finally {
      // A connection whose rollback failed is closed rather than handed to the next request.
      transaction.release(broken);
    }
  }

  /**
   * A Db for background work that must not queue behind requests (the webhook relay and delivery workers): its
   * reads and autocommits run on a pool of its own, `size` connections to the same database with the same
   * settings, so a hundred requests waiting for the shared pool never hold a delivery cycle back. Transactions
   * and ORM queries still use the shared pool; its one-statement writes share statements as this Db's do.
   * `close()` ends the pool.
   */
  dedicated(size: number): Db {
    const db = new Db(this.#orm, {
      logger: this.#logger ?? undefined,
      batchedWrites: this.#batchedWrites,
    });
    db.#makeOwnPool = () =>
      this.#poolSettings().then((settings) => {
        const pool = new pg.Pool({ ...settings, min: 0, max: size });
        // As for the shared pool: a connection the server drops is logged, never an uncaught 'error' event.
        const warn = (error: Error) =>
          this.#logger?.warn({ err: error }, 'PostgreSQL connection of a dedicated pool failed');
        pool.on('error', warn);
        pool.on('connect', (client) => client.on('error', warn));
        return pool;
      });
    this.#dedicated.add(db);
    db.#onClose = () => this.#dedicated.delete(db);
    return db;
  }

  /**
   * Runs `work` only if no other process (or Db) is running work under the same `name`: a session advisory lock
   * on a connection of this Db's pool, held while `work` runs (platform/db/session-lock.ts). `{ taken: false }`
   * when another holds it; nothing waits. For background work that one process at a time should do (the
   * expiry sweep): use a `dedicated` Db, so the lock's connection is never one a request waits for.
   */
  async exclusively<T>(name: string, work: () => Promise<T>): Promise<LockedRun<T>> {
    return withSessionLock(await this.#nativePool(), name, work);
  }

  #onClose: () => void = () => undefined;

  /**
   * Ends the pipelined read connections, and the pool of a `dedicated` Db (the shared pool closes with the ORM).
   */
  async close(): Promise<void> {
    const own = this.#ownPool;
    this.#onClose();
    await this.#reads?.close();
    if (own) await (await own).end();
  }

  /** Calls `listener` with each pipelined read connection, open now or later (the tests' statement log). */
  onPipelinedReadConnection(listener: (client: pg.Client) => void): () => void {
    return this.#reads?.onConnection(listener) ?? (() => undefined);
  }

  /** The pools of the `dedicated` Dbs made from this one and still open (the tests' statement log watches them). */
  async dedicatedPools(): Promise<Pool[]> {
    return Promise.all([...this.#dedicated].map((db) => db.#nativePool()));
  }

  /** The connections of this process's pool: open, idle, and queries waiting for one (metrics). */
  async poolStats(): Promise<{ total: number; idle: number; waiting: number }> {
    const pool = await this.#nativePool();
    return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  }

  /** Resolves when the database answers a trivial query (readiness). */
  async ping(): Promise<void> {
    await this.#orm.em.fork().getConnection().execute('select 1');
  }

  /** Runs read-only work outside an explicit transaction (see `autocommit`). */
  read<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    return work(this.#reading());
  }

  /**
   * Runs work outside an explicit transaction: each statement commits on its own. For a write that is ONE
   * statement (atomic by itself, e.g. platform/db's `combinedStatement`): no BEGIN and COMMIT round trips —
   * unless a joined write (platform/db/joined-writes.ts: the request's audit entry) must commit with it.
   * `joinsInStatement`: the work writes with one combined statement (`Repository.combined`), which takes the
   * joined write as one of its parts, so even then it stays one statement. `merges`: a write of one statement that
   * joins nothing (outside any joined write) and, made by a request of a shared transaction
   * (platform/db/shared-transactions.ts), shares its statement with the other requests' (`Repository.preparedMerging`).
   * Elsewhere it goes alone: merging writes that arrive one by one made them leave in bursts, and a one-click
   * payment's webhook went out 5–10 times later (`npm run bench:events`, first-attempt delay p50 5 → 44 ms).
   */
  autocommit<T>(
    work: (uow: UnitOfWork) => Promise<T>,
    options: { joinsInStatement?: boolean; merges?: boolean } = {},
  ): Promise<T> {
    if (options.joinsInStatement) return work(this.#reading(true));
    // A write that joins nothing but may share its statement (`Repository.preparedMerging`) with the writes of the
    // other requests of the caller's shared transaction, which make theirs at the same moment.
    if (options.merges) return work(this.#reading(false, isSharingTransaction()));
    // A write with an entry to join (its audit entry) becomes a pipelined transaction: the entry goes out with
    // the first statement, and the COMMIT is one round trip more.
    const joined = claimJoinedWrite();
    if (joined) return this.#pipelined(work, joined, false);
    return work(this.#reading());
  }

  #reading(joinsInStatement = false, merges = joinsInStatement): UnitOfWork {
    return UnitOfWork.reading({
      fork: () => this.#orm.em.fork(),
      pool: () => this.#nativePool(),
      reads: this.#reads,
      committed: (signal) => fireCommitted(this.#orm, signal),
      joinsInStatement,
      batches: merges ? this.#batches : null,
    });
  }

  /** The settings of the shared pool's connections (type parsers, timeouts, credentials), for connections of ours. */
  async #poolSettings(): Promise<pg.PoolConfig> {
    const { options } = await this.#nativePool();
    // pg-pool keeps the password out of the enumerable options (stack traces): copy it by name.
    return { ...options, password: options.password };
  }

  /** The `pg` pool MikroORM runs on, or this Db's own (`dedicated`). */
  #nativePool(): Promise<Pool> {
    if (this.#makeOwnPool) {
      this.#ownPool ??= this.#makeOwnPool();
      return this.#ownPool;
    }
    this.#pool ??= (this.#orm.em.getConnection().getNativeClient() as Promise<Pool>).catch((error) => {
      this.#pool = null;
      throw error;
    });
    return this.#pool;
  }
}

/**
 * Runs a transaction's work on its client, with its joined write (`joined`) sent first, behind BEGIN and with the
 * work's first statements, or (`inStatement`) left to the work's first combined statement; `late`: the joined
 * write sent after the work when no statement took it (to be awaited with the commit).
 */
async function runOnClient<T>(
  work: (uow: UnitOfWork) => Promise<T>,
  client: TransactionClient,
  joined: JoinedWrite | undefined,
  inStatement: boolean,
): Promise<{ result: T; late: Promise<void> | null }> {
  const uow = UnitOfWork.onClient(client, inStatement ? joined : undefined);
  const written = inStatement ? undefined : joined?.write(uow);
  // Awaited below, after the work: a failure is the transaction's, whichever statement reports it first.
  written?.catch(() => undefined);
  const result = await work(uow);
  await written;
  return { result, late: UnitOfWork.writeJoined(uow) };
}

/** How long reads stay on the primary after the replica failed. */
const REPLICA_RETRY_MS = 5000;
