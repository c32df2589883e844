import type { Pool } from 'pg';
import { fireCommitted } from './commit-signals.ts';
import type { Orm } from './orm.ts';
import { UnitOfWork } from './repository.ts';

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

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** Runs work in one database transaction; flushes and commits on success, rolls everything back on a throw. */
  async transaction<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    const em = this.#orm.em.fork();
    await em.begin();
    try {
      const result = await work(new UnitOfWork(em));
      await em.commit();
      return result;
    } catch (error) {
      await em.rollback();
      throw error;
    }
  }

  /** Runs read-only work outside an explicit transaction (see `autocommit`). */
  read<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    return this.autocommit(work);
  }

  /**
   * Runs work outside an explicit transaction: each statement commits on its own. For reads, and for a write
   * that is ONE statement (atomic by itself, e.g. platform/db's `combinedStatement`): no BEGIN and COMMIT
   * round trips.
   */
  autocommit<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    return work(
      UnitOfWork.reading({
        fork: () => this.#orm.em.fork(),
        pool: () => this.#nativePool(),
        committed: (signal) => fireCommitted(this.#orm, signal),
      }),
    );
  }

  /** The `pg` pool MikroORM runs on. */
  #nativePool(): Promise<Pool> {
    this.#pool ??= (this.#orm.em.getConnection().getNativeClient() as Promise<Pool>).catch((error) => {
      this.#pool = null;
      throw error;
    });
    return this.#pool;
  }
}
