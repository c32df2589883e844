import type { EntityManager } from '@mikro-orm/postgresql';
import { raiseAfterCommit } from './commit-signals.ts';
import { executeSql } from './raw-sql.ts';

/**
 * The one door to MikroORM's EntityManager. Commands hold a `UnitOfWork` and build repositories from it
 * (`new OrderRepository(uow)`); only repositories (through `Repository`) and platform/db open it. The import
 * boundary check keeps every other file away from this one.
 */
export type { EntityManager };

/** One unit of work: a database transaction or a read, on its own EntityManager fork. Opaque to commands. */
export class UnitOfWork {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  /** For repositories and platform/db only. */
  static entityManagerOf(uow: UnitOfWork): EntityManager {
    return uow.#em;
  }
}

/** Base of every repository: the only classes with SQL and EntityManager calls. */
export abstract class Repository {
  protected readonly em: EntityManager;

  constructor(uow: UnitOfWork) {
    this.em = UnitOfWork.entityManagerOf(uow);
  }

  /** Parameterised SQL (`$1`, `$2`, … bound, never inlined) for hot reads and set-based writes. */
  protected query<Row = Record<string, unknown>>(
    text: string,
    values: readonly unknown[] = [],
  ): Promise<Row[]> {
    return executeSql<Row>(this.em, text, values);
  }

  /** Fires `signal` (see commit-signals.ts) once the unit of work's transaction has committed. */
  protected signalAfterCommit(signal: string): void {
    raiseAfterCommit(this.em, signal);
  }
}
