import pino from 'pino';
import { JobQueue } from '../../src/platform/jobs/job-queue.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';

/**
 * A job enqueued as a part of a caller's own write statement (`JobQueue.insertFor`, what a one-click
 * pre-authorization uses for its release timer) is the same job `send` enqueues: pg-boss builds both.
 */
describe('a job enqueued inside a write statement', () => {
  let url: string;
  let jobs: JobQueue;

  beforeAll(async () => {
    url = await createTestDatabase();
    jobs = await JobQueue.start({ url, logger: pino({ level: 'silent' }), supervise: false });
    await jobs.define('tests.timer', { retryLimit: 10, retryDelaySeconds: 30 });
  });
  afterAll(() => jobs.stop());

  const jobRow = async (orderId: string) => {
    const [row] = await sql(
      url,
      `select * from pgboss.job where name = 'tests.timer' and data->>'orderId' = $1`,
      [orderId],
    );
    const { id, created_on, data, ...rest } = row!;
    return { ...rest, id: typeof id, createdOn: created_on instanceof Date } as Record<string, unknown>;
  };

  it('writes the row send writes', async () => {
    const startAfter = new Date(Date.now() + 3_600_000);
    await jobs.send('tests.timer', { orderId: 'sent' }, { startAfter });
    const insert = await jobs.insertFor('tests.timer', { orderId: 'inserted' }, { startAfter });
    await sql(url, `with job as (${insert.sql}) select 1`, [...insert.values]);

    expect(await jobRow('inserted')).toEqual(await jobRow('sent'));
    expect((await jobRow('inserted')).start_after).toEqual(startAfter);
  });

  it('is a plain INSERT, so that it can be a part of another statement', async () => {
    const insert = await jobs.insertFor('tests.timer', { orderId: 'x' }, { startAfter: new Date() });
    expect(insert.sql.trim()).toMatch(/^insert into pgboss\./i);
    expect(await sql(url, `select count(*)::int as n from pgboss.job where data->>'orderId' = 'x'`)).toEqual([
      { n: 0 },
    ]);
  });
});
