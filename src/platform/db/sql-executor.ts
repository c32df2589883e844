import { UnitOfWork } from './repository.ts';

/** Runs `$1`-style parameterised SQL: the shape pg-boss accepts as `db` to work inside a caller's transaction. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs SQL on the connection of a unit of work: inside `db.transaction(uow => ...)` that is the open
 * transaction, so a job sent through it commits or rolls back with the rest of the unit of work.
 *
 * MikroORM's own `execute` inlines `?` parameters and cannot take pg-boss's `$1` placeholders, so the query
 * goes through the Kysely instance MikroORM runs on, as a pre-compiled raw query (or, in a prepared-statement
 * transaction, straight to its connection; in a read, to the pool).
 */
export function sqlExecutorOf(uow: UnitOfWork): SqlExecutor {
  return {
    executeSql: async (text, values = []) => ({ rows: await UnitOfWork.runSql(uow, { text }, values) }),
  };
}
