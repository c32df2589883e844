import pino from 'pino';
import { ConfigError, parseConfig } from './config/index.ts';
import { registerWorkers } from './modules/index.ts';
import { loggerOptions } from './platform/http/logger.ts';
import { openDatabase, startServices } from './runtime.ts';

/**
 * `npm run worker`: the background workers (outbox relay, webhook deliveries, timers) without HTTP, for
 * running them apart from the API servers. Several workers and servers can share one database: every job
 * and every outbox row is claimed by exactly one of them. Set JOBS_ENABLED=false on the API servers to leave
 * the work to the workers. SIGINT/SIGTERM finish the jobs in hand, then exit.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = { ...parseConfig(), jobsEnabled: true };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = pino(loggerOptions(config.logLevel));
  // With the embedded database, use the one a running server started rather than taking it over.
  const database = await openDatabase(config, logger, 'reuse');
  const background = await startServices(config, database, logger);
  await registerWorkers(background.workerHost);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    try {
      await background.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'worker shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  logger.info('worker running: outbox relay and job handlers, no HTTP');
}

await main();
