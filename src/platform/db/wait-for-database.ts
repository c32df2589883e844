import pg from 'pg';
import type { Logger } from 'pino';
import { isDatabaseOutage } from '../errors/outage.ts';

/**
 * Waits until PostgreSQL at `url` accepts a connection, for a gateway (or worker) that starts before its
 * database: a host restart, a container start order. One line per attempt, with the reason and the next delay;
 * the delay grows from 250 ms to at most 5 s; past `limitMs` the start fails with the last error. An error that
 * is not an outage (a wrong password, a missing database) fails at once: waiting would not mend it.
 */
export async function waitForDatabase(
  url: string,
  logger: Pick<Logger, 'warn' | 'info'>,
  limitMs: number,
): Promise<void> {
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      if (attempt > 1) logger.info({ attempt }, 'database reachable: starting');
      return;
    } catch (error) {
      const waited = Date.now() - started;
      if (!isDatabaseOutage(error) || waited >= limitMs) throw error;
      const delayMs = Math.min(5000, 250 * 2 ** (attempt - 1), Math.max(0, limitMs - waited));
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      logger.warn(
        { attempt, reason, retryInMs: delayMs, giveUpAfterSeconds: Math.round(limitMs / 1000) },
        `waiting for the database (attempt ${attempt}: ${reason}); retrying in ${(delayMs / 1000).toFixed(2)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
