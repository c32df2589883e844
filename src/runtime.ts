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
  let jobs: JobQueue | null = null;
  try {
    jobs = await JobQueue.start({
      url: database.url,
      logger,
      pollingIntervalSeconds: config.jobPollIntervalSeconds,
      supervise: config.jobsEnabled,
    });
    const services: AppServices = {
      config,
      orm: database.orm,
      logger,
      now: options.now ?? (() => new Date()),
      jobs,
    };
    const app = await buildApp(services);
    if (config.jobsEnabled) await registerWorkers(services);
    return {
      services,
      app,
      database,
      stop: async () => {
        await app.close();
        await jobs?.stop();
        await database.close();
      },
    };
  } catch (error) {
    await jobs?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
