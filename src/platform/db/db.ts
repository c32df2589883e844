import type { Orm } from './orm.ts';
import { UnitOfWork } from './repository.ts';

export type { UnitOfWork };

/**
 * `deps.db`: units of work on the system of record. Each `transaction` or `read` runs on one fresh
 * EntityManager fork of its own (so nothing read earlier can be served stale from an identity map), and hands
 * the work an opaque `UnitOfWork` to build repositories from and to enqueue jobs in.
 */
export class Db {
  readonly #orm: Orm;

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

  /** Resolves when the database answers a trivial query (readiness). */
  async ping(): Promise<void> {
    await this.#orm.em.fork().getConnection().execute('select 1');
  }

  /** Runs read-only work (each statement on its own, no transaction). */
  read<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    return work(new UnitOfWork(this.#orm.em.fork()));
  }
}
