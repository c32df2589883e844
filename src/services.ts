import type { Logger } from 'pino';
import type { AppConfig } from './config/index.ts';
import type { Orm } from './platform/db/orm.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';
import type { PgListener } from './platform/pubsub/pg-listener.ts';

/** Long-lived services shared by the HTTP faces and the background workers of one process. */
export interface AppServices {
  config: AppConfig;
  orm: Orm;
  logger: Logger;
  now: () => Date;
  /** The durable job queue; jobs can be sent from any process, workers run where JOBS_ENABLED. */
  jobs: JobQueue;
  /** This process's one LISTEN connection; `outbox_events` wakes the webhook relay and subscriptions. */
  notifications: PgListener;
  /** Cleanup that `runtime.stop()` runs after HTTP has drained, before the job queue and database close. */
  onShutdown(hook: () => Promise<void>): void;
}
