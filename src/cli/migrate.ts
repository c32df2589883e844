import { createLogger } from '../platform/http/logger.ts';
import { JobQueue } from '../platform/jobs/job-queue.ts';
import { configOrExit, openDatabase } from '../runtime.ts';

/**
 * `npm run migrate`: brings the database up to this code's schema and exits, as the first step of a deploy
 * (docs/operations.md). The migrations run under the same advisory lock as at start, so it is safe beside
 * running servers and other `migrate` runs; the job queue's own schema is installed or upgraded too.
 * Exit code 0 when the database is current afterwards, 1 with one line on standard error otherwise.
 */
async function main(): Promise<void> {
  const config = configOrExit();
  const logger = await createLogger({
    env: config.env,
    logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel,
  });
  try {
    const database = await openDatabase(config, logger, 'reuse', { migrate: true, ownProcessGroup: false });
    try {
      const jobs = await JobQueue.start({ url: database.url, logger, supervise: false });
      await jobs.stop();
    } finally {
      await database.close();
    }
    const applied = database.appliedMigrations;
    process.stdout.write(
      applied.length > 0
        ? `Applied ${applied.length} migration(s):\n${applied.map((name) => `  ${name}\n`).join('')}`
        : 'The database is up to date: no migration pending.\n',
    );
  } catch (error) {
    process.stderr.write(`Migrations failed: ${(error as Error).message.split('\n')[0]}\n`);
    process.exit(1);
  }
}

await main();
