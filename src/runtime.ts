import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { migrations } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, parseConfig } from './config/index.ts';
import { entities, registerWorkers, startModules } from './modules/index.ts';
import { watchCommits } from './platform/db/commit-signals.ts';
import { startEmbeddedPostgres } from './platform/db/embedded-postgres.ts';
import { MigrationsBehindError, migrateUnderLock, pendingMigrations } from './platform/db/migrations.ts';
import { connectOrm, type Orm } from './platform/db/orm.ts';
import type { SessionLimits } from './platform/db/session-limits.ts';
import { waitForDatabase } from './platform/db/wait-for-database.ts';
import { createLogger } from './platform/http/logger.ts';
import { JobQueue } from './platform/jobs/job-queue.ts';
import type { WorkerHost } from './platform/module.ts';
import {
  CREDENTIAL_CHANNEL,
  DELIVERIES_CHANNEL,
  OUTBOX_CHANNEL,
  OUTBOX_RELAYED_CHANNEL,
} from './platform/pubsub/channels.ts';
import { PgListener } from './platform/pubsub/pg-listener.ts';
import { flushTraces, reportTracing } from './platform/telemetry/trace-context.ts';
import { type AppDeps, type AppServices, buildDeps, type ServiceOverrides } from './services.ts';

export interface Database {
  orm: Orm;
  url: string;
  /** An ORM on DATABASE_READ_URL (a streaming replica) for the reads that may lag; null without one. */
  replica: Orm | null;
  /** The migrations this process applied as it opened the database (none when they were current). */
  appliedMigrations: string[];
  /** Closes the pool, then stops the embedded PostgreSQL if this process started it. */
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL, and brings the schema up to date under the
 * migration lock (MIGRATE_ON_START); with that off, a database whose migrations are behind stops the start.
 */
export async function openDatabase(
  config: AppConfig,
  logger: Logger,
  whenRunning: 'reuse' | 'takeOver' = 'takeOver',
  options: { migrate?: boolean; ownProcessGroup?: boolean } = {},
): Promise<Database> {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPostgresPort,
        logger,
        whenRunning,
        // The server and the worker stop the database themselves on SIGINT (see startEmbeddedPostgres).
        ownProcessGroup: options.ownProcessGroup ?? true,
      });
  const url = config.databaseUrl ?? embedded!.url;
  try {
    // A database that is not up yet (it starts after us) is waited for, with one line per attempt.
    if (config.databaseUrl) await waitForDatabase(url, logger, config.operations.databaseWaitMs);
    const orm = await connectOrm({
      url,
      entities,
      migrations,
      logger,
      poolSize: config.operations.databasePoolSize,
      limits: databaseLimits(config),
    });
    let appliedMigrations: string[] = [];
    try {
      if (options.migrate ?? config.operations.migrateOnStart) {
        appliedMigrations = await migrateUnderLock(orm, url, logger);
      } else {
        const pending = await pendingMigrations(orm);
        if (pending.length > 0) throw new MigrationsBehindError(pending);
      }
    } catch (error) {
      await orm.close(true).catch(() => undefined);
      throw error;
    }
    // Connected on first use: a replica that is down at start only sends those reads to the primary.
    const replica = config.operations.databaseReadUrl
      ? await connectOrm({
          url: config.operations.databaseReadUrl,
          entities,
          migrations: [],
          logger,
          poolSize: config.operations.databasePoolSize,
          limits: databaseLimits(config),
        }).catch((error) => {
          logger.warn({ err: error }, 'read replica unreachable at start: reading from the primary');
          return null;
        })
      : null;
    return {
      orm,
      url,
      replica,
      appliedMigrations,
      close: async () => {
        await replica?.close(true).catch(() => undefined);
        await orm.close(true);
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

/** The statement and pool-wait limits of the pools' connections (platform/db/session-limits.ts). */
function databaseLimits(config: AppConfig): SessionLimits {
  return {
    statementTimeoutMs: config.operations.databaseStatementTimeoutMs,
    poolWaitMs: config.operations.databasePoolWaitMs,
  };
}

export interface Runtime {
  services: AppServices;
  /** The one deps object of this process (requests get it with their own logger). */
  deps: AppDeps;
  app: FastifyInstance;
  database: Database;
  /** Drains HTTP, then closes the pool and stops the embedded database, in that order. */
  stop(): Promise<void>;
}

export async function startRuntime(
  config: AppConfig,
  options: { logger?: Logger; now?: () => Date; overrides?: ServiceOverrides } = {},
): Promise<Runtime> {
  const logger = options.logger ?? (await createLogger(config));
  const database = await openDatabase(config, logger);
  let background: BackgroundServices | null = null;
  try {
    background = await startServices(config, database, logger, options.now, options.overrides);
    const { services, deps } = background;
    const app = await buildApp(services, deps);
    if (config.jobsEnabled) await registerWorkers(background.workerHost);
    const stopBackground = background.stop;
    return {
      services,
      deps,
      app,
      database,
      stop: async () => {
        // Readiness turns 503 at once; the load balancer gets the grace period to notice before the port closes.
        services.lifecycle.draining = true;
        const grace = config.operations.shutdownGraceMs;
        if (grace > 0) await new Promise((resolve) => setTimeout(resolve, grace));
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
  deps: AppDeps;
  /** What the modules' workers get: the deps, the LISTEN connection and the shutdown hooks. */
  workerHost: WorkerHost<AppDeps>;
  /** Runs the shutdown hooks (newest first), then stops the job queue and the LISTEN connection. */
  stop(): Promise<void>;
}

/**
 * The services of one process on an open database: job queue, LISTEN connection, shutdown hooks, and every
 * module's services (`buildDeps`), started (`startModules`: job queues, configuration checks).
 */
export async function startServices(
  config: AppConfig,
  database: Database,
  logger: Logger,
  now: () => Date = () => new Date(),
  overrides: ServiceOverrides = {},
): Promise<BackgroundServices> {
  reportTracing(logger);
  const jobs = await JobQueue.start({
    url: database.url,
    logger,
    pollingIntervalSeconds: config.jobPollIntervalSeconds,
    supervise: config.jobsEnabled,
  });
  let notifications: PgListener;
  try {
    notifications = await PgListener.start({
      url: database.url,
      channels: [OUTBOX_CHANNEL, OUTBOX_RELAYED_CHANNEL, CREDENTIAL_CHANNEL, DELIVERIES_CHANNEL],
      // Only the events feed reads it, and only while one of its subscriptions is open (EventFeed).
      onDemand: [OUTBOX_RELAYED_CHANNEL],
      logger,
    });
  } catch (error) {
    await jobs.stop().catch(() => undefined);
    throw error;
  }
  // A commit that wrote outbox rows wakes this process's relay and feed at once and the others by NOTIFY.
  watchCommits(database.orm, (signals) => {
    for (const signal of signals) notifications.signal(signal);
  });
  const shutdownHooks: (() => Promise<void>)[] = [];
  const lifecycle = { draining: false };
  const services: AppServices = {
    lifecycle,
    replica: database.replica,
    config,
    orm: database.orm,
    logger,
    now,
    jobs,
    notifications,
    onShutdown: (hook) => shutdownHooks.push(hook),
  };
  const stop = async () => {
    lifecycle.draining = true;
    for (const hook of shutdownHooks.reverse()) {
      await hook().catch((error) => logger.error({ err: error }, 'shutdown hook failed'));
    }
    await jobs.stop();
    await notifications.stop();
  };
  try {
    const deps = buildDeps(services, overrides);
    await startModules(deps);
    return { services, deps, workerHost: { deps, notifications, onShutdown: services.onShutdown }, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/** The configuration from the environment; a bad value stops the process with every problem listed (78). */
export function configOrExit(): AppConfig {
  try {
    return parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}

/**
 * On SIGINT or SIGTERM, once: runs `stop`, then ends with one `<name> stopped` line and exit code 0 (1 when
 * stopping failed). A second Ctrl-C while stopping is ignored: the first one is already doing everything.
 */
export function stopOnSignals(logger: Logger, name: string, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${name} shutting down`);
    try {
      await stop();
      // The last requests' spans are still batched: export them before the process ends.
      await flushTraces();
      logger.info(`${name} stopped`);
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, `${name} shutdown failed`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
