import type { Logger } from 'pino';
import type { AppConfig } from './config/index.ts';
import type { OutboxNotification } from './modules/subscriptions/outbox-feed.ts';
import type { Orm } from './platform/db/orm.ts';
import type { Deps } from './platform/deps.ts';
import type { GraphQLContext } from './platform/graphql/context.ts';
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

/** What every request, GraphQL operation and job receives. */
export type AppDeps = Deps;

/** The context of every GraphQL operation (codegen types the resolvers with it: codegen.yml `contextType`). */
export type AppGraphQLContext = GraphQLContext<AppDeps, OutboxNotification>;

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's services and units of work. */
    deps: AppDeps;
  }
}
