import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** What a load balancer and an orchestrator ask: is the process up, and can it serve? */
describe('health endpoints', () => {
  let app: TestApp;
  let stopped = false;

  beforeAll(async () => {
    app = await startTestApp({ SHUTDOWN_GRACE_SECONDS: '1' });
  });
  afterAll(async () => {
    if (!stopped) await app.stop();
  });

  const ready = () => restClient(app.baseUrl).get('/health/ready');

  it('answers live without credentials', async () => {
    const live = await restClient(app.baseUrl).get('/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'live' });
  });

  it('is ready when the database answers, the migrations are current and the job queue runs', async () => {
    const answer = await ready();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
    });
  });

  it('names nothing secret: no URL, user or password of the database in either answer', async () => {
    const texts = [(await ready()).text, (await restClient(app.baseUrl).get('/health/live')).text];
    for (const text of texts) expect(text).not.toMatch(/postgres|password|127\.0\.0\.1/);
  });

  it('is 503 naming the database while the database refuses connections, and ready again after', async () => {
    const name = new URL(app.databaseUrl).pathname.slice(1);
    const admin = process.env.TEST_DATABASE_ADMIN_URL!;
    await sql(admin, 'update pg_database set datallowconn = false where datname = $1', [name]);
    await sql(admin, 'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ status: 'unavailable', failing: ['database'] });
      expect((answer.body as { checks: Record<string, string> }).checks.database).toBe('unreachable');
    } finally {
      await sql(admin, 'update pg_database set datallowconn = true where datname = $1', [name]);
    }
    let answer = await ready();
    for (let tries = 0; answer.status !== 200 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await ready();
    }
    expect(answer.status).toBe(200);
  });

  it('turns 503 "draining" as soon as shutdown begins, while the port still answers', async () => {
    stopped = true;
    const stopping = app.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await ready();
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ status: 'draining', failing: ['draining'] });
    expect((await restClient(app.baseUrl).get('/health/live')).status).toBe(200);
    await stopping;
  });
});

describe('readiness of a process on a database behind its code', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it('is 503 naming the migrations until they are applied', async () => {
    const [last] = await sql<{ id: number; name: string }>(
      app.databaseUrl,
      'delete from mikro_orm_migrations where id = (select max(id) from mikro_orm_migrations) returning *',
    );
    const behind = await restClient(app.baseUrl).get('/health/ready');
    expect(behind.status).toBe(503);
    expect(behind.body).toMatchObject({
      failing: ['migrations'],
      checks: { migrations: 'pending migrations' },
    });

    await sql(app.databaseUrl, 'insert into mikro_orm_migrations (name) values ($1)', [last!.name]);
    expect((await restClient(app.baseUrl).get('/health/ready')).status).toBe(200);
  });
});
