import { Writable } from 'node:stream';
import pino from 'pino';
import { JobQueue, jobQueueErrorLevel } from '../../src/platform/jobs/job-queue.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';

/** The lines a logger wrote, parsed. */
function capturedLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

/**
 * Stopping the job queue (Ctrl-C in a terminal, a deploy) closes pg-boss's connections: what it reports about
 * them meanwhile is the stop's own doing, not a fault (test/operations/terminal-stop.test.ts promises two lines).
 */
describe('the job queue stopping', () => {
  it('reports connections lost while it stops as debug lines, and the same loss while running as a warning', async () => {
    const url = await createTestDatabase();
    const { logger, lines } = capturedLogger();
    const jobs = await JobQueue.start({ url, logger, supervise: false });
    const cutJobConnections = () =>
      sql(
        url,
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'payments-gateway-jobs' and pid <> pg_backend_pid()`,
      );
    const reported = (level: number) =>
      lines.filter((line) => line.msg === 'job queue error' && line.level === level).length;

    await cutJobConnections();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const warnedWhileRunning = reported(40);

    // A job still running holds the stop open (graceful), with pg-boss's connections still in its pool.
    let jobStarted: () => void = () => undefined;
    let finishJob: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      jobStarted = resolve;
    });
    await jobs.define('tests.slow');
    await jobs.work('tests.slow', async () => {
      jobStarted();
      await new Promise<void>((done) => {
        finishJob = done;
      });
    });
    await jobs.send('tests.slow', {});
    await running;
    const stopping = jobs.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await cutJobConnections();
    await new Promise((resolve) => setTimeout(resolve, 200));
    finishJob();
    await stopping;

    expect(warnedWhileRunning).toBeGreaterThan(0);
    expect(reported(40) - warnedWhileRunning).toBe(0);
    expect(reported(20)).toBeGreaterThan(0);
    expect(reported(50)).toBe(0);
  });

  it('keeps an error that is not a lost connection an error, stopping or not', () => {
    const refused = Object.assign(new Error('syntax error'), { code: '42601' });
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

    expect([jobQueueErrorLevel(refused, false), jobQueueErrorLevel(refused, true)]).toEqual([
      'error',
      'error',
    ]);
    expect([jobQueueErrorLevel(lost, false), jobQueueErrorLevel(lost, true)]).toEqual(['warn', 'debug']);
  });
});
