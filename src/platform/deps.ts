import type { Logger } from 'pino';
import type { AppConfig } from '../config/index.ts';
import type { Db } from './db/db.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { IdempotentOperation } from './operations/idempotent-operation.ts';

/**
 * What every command receives: the base every module shares. A module that needs more declares it in its own
 * `deps.ts` (e.g. `PaymentDeps extends Deps { acquirers; cipher }`); the composition root (src/services.ts)
 * builds one object that satisfies them all, once at start.
 */
export interface Deps {
  /** Units of work: `db.transaction(async (uow) => ...)`, `db.read(async (uow) => ...)`. */
  db: Db;
  /** The clock (tests move it). */
  now: () => Date;
  config: AppConfig;
  /** The request's (or the process's) logger. */
  logger: Logger;
  /** Durable jobs; `jobs.send(name, data, { transaction: uow })` enqueues inside a unit of work. */
  jobs: JobQueue;
  /**
   * The request's money operation under its `Idempotency-Key` (platform/operations/idempotent-operation.ts); absent
   * without a key and outside HTTP. Commands read it through `operationOf(deps)`.
   */
  operation?: IdempotentOperation | null;
}
