import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { migrations } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import type { AppConfig } from './config/index.ts';
import { entities, registerWorkers } from './modules/index.ts';
import { startEmbeddedPostgres } from './platform/db/embedded-postgres.ts';
import { connectOrm, migrate, type Orm } from './platform/db/orm.ts';
import { loggerOptions } from './platform/http/logger.ts';
import { JobQueue } from './platform/jobs/job-queue.ts';
import { OUTBOX_CHANNEL } from './platform/pubsub/channels.ts';
import { PgListener } from './platform/pubsub/pg-listener.ts';
import type { AppServices } from './services.ts';

export interface Database {
  orm: Orm;
  url: string;
  /** Closes the pool, then stops the embedded PostgreSQL if this process started it. */
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL, and brings the schema up to date. */
export async function openDatabase(
  config: AppConfig,
  logger: Logger,
  whenRunning: 'reuse' | 'takeOver' = 'takeOver',
): Promise<Database> {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPostgresPort,
        logger,
        whenRunning,
      });
  const url = config.databaseUrl ?? embedded!.url;
  try {
    const orm = await connectOrm({ url, entities, migrations, logger });
    await migrate(orm);
    return {
      orm,
      url,
      close: async () => {
        await orm.close(true);
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

export interface Runtime {
  services: AppServices;
  app: FastifyInstance;
  database: Database;
  /** Drains HTTP, then closes the pool and stops the embedded database, in that order. */
  stop(): Promise<void>;
}

export async function startRuntime(
  config: AppConfig,
  options: { logger?: Logger; now?: () => Date } = {},
): Promise<Runtime> {
  const logger = options.logger ?? pino(loggerOptions(config.logLevel));
  const database = await openDatabase(config, logger);
  let background: BackgroundServices | null = null;
  try {
    background = await startServices(config, database, logger, options.now);
    const { services } = background;
    const app = await buildApp(services);
    if (config.jobsEnabled) await registerWorkers(services);
    const stopBackground = background.stop;
    return {
      services,
      app,
      database,
      stop: async () => {
        // Closing the app also closes the GraphQL WebSocket server (its preClose hook).
        await app.close();
        await stopBackground();
        await database.close();
      },
    };
  } catch (error) {
    await background?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}

export interface BackgroundServices {
  services: AppServices;
  /** Runs the shutdown hooks (newest first), then stops the job queue and the LISTEN connection. */
  stop(): Promise<void>;
}

/** The services of one process on an open database: job queue, LISTEN connection and shutdown hooks. */
export async function startServices(
  config: AppConfig,
  database: Database,
  logger: Logger,
  now: () => Date = () => new Date(),
): Promise<BackgroundServices> {
  const jobs = await JobQueue.start({
    url: database.url,
    logger,
    pollingIntervalSeconds: config.jobPollIntervalSeconds,
    supervise: config.jobsEnabled,
  });
  let notifications: PgListener;
  try {
    notifications = await PgListener.start({ url: database.url, channels: [OUTBOX_CHANNEL], logger });
  } catch (error) {
    await jobs.stop().catch(() => undefined);
    throw error;
  }
  const shutdownHooks: (() => Promise<void>)[] = [];
  const services: AppServices = {
    config,
    orm: database.orm,
    logger,
    now,
    jobs,
    notifications,
    onShutdown: (hook) => shutdownHooks.push(hook),
  };
  return {
    services,
    stop: async () => {
      for (const hook of shutdownHooks.reverse()) {
        await hook().catch((error) => logger.error({ err: error }, 'shutdown hook failed'));
      }
      await jobs.stop();
      await notifications.stop();
    },
  };
}
