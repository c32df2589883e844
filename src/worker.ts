import { registerWorkers } from './modules/index.ts';
import { createLogger } from './platform/http/logger.ts';
import { configOrExit, openDatabase, startServices, stopOnSignals } from './runtime.ts';

/**
 * `npm run worker`: the background workers (outbox relay, webhook deliveries, timers) without HTTP, for
 * running them apart from the API servers. Several workers and servers can share one database: every job
 * and every outbox row is claimed by exactly one of them. Set JOBS_ENABLED=false on the API servers to leave
 * the work to the workers. SIGINT/SIGTERM finish the jobs in hand, then exit.
 */
async function main(): Promise<void> {
  const config = { ...configOrExit(), jobsEnabled: true };
  const logger = await createLogger(config);
  // With the embedded database, use the one a running server started rather than taking it over.
  const database = await openDatabase(config, logger, 'reuse');
  const background = await startServices(config, database, logger);
  await registerWorkers(background.workerHost);
  stopOnSignals(logger, 'worker', async () => {
    await background.stop();
    await database.close();
  });
  logger.info('worker running: outbox relay and job handlers, no HTTP');
}

await main();
