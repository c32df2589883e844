import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type EmbeddedDatabase,
  freePort,
  startEmbeddedPostgres,
} from '../../src/platform/db/embedded-postgres.ts';
import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

/**
 * The expiry sweep through a database outage (a PostgreSQL of this file's own, stopped and started again under
 * the app): it logs a warning, backs off, and expires what fell due once the database is back; the process
 * keeps running and stops cleanly.
 */
describe('the expiry sweep during a database outage', () => {
  let dataDir: string;
  let port: number;
  let database: EmbeddedDatabase | null = null;
  let app: TestApp | null = null;

  const startDatabase = async () => {
    database = await startEmbeddedPostgres({ dataDir, port, database: 'gateway' });
    return database;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-expiry-outage-'));
    port = await freePort();
    await startDatabase();
  }, 90_000);
  afterAll(async () => {
    await app?.stop();
    await database?.stop();
  });

  it('logs the failed sweeps, backs off, and expires the overdue order once the database is back', async () => {
    app = await startTestApp({ DATABASE_URL: database!.url });
    const project = await seedProject(app);
    const api = restClient(app.baseUrl, project.apiKey);
    const { body: order } = await api.post<Json>('/v1/orders/', buildOrder());

    await database!.stop();
    database = null;
    // The order expiry's own lines: the 3-D Secure challenge sweep fails beside it and logs its own.
    const failures = () =>
      app!.logs
        .filter((line) => line.includes('sweep failed; trying again'))
        .filter((line) => JSON.parse(line).sweep === 'orders.expire');
    await eventually(() => failures().length >= 2 || undefined, 20_000, 'two failed sweeps');
    const [first, second] = failures().map((line) => JSON.parse(line));
    expect(first).toMatchObject({ level: 40, sweep: 'orders.expire', retryInMs: 2000 });
    expect(second).toMatchObject({ level: 40, retryInMs: 4000 });

    const { url } = await startDatabase();
    await sql(url, "update orders set expires_at = now() - interval '1 second' where id = $1", [order.id]);
    const expired = await eventually(
      async () => {
        const response = await api.get<Json>(`/v1/orders/${order.id}/`);
        return response.status === 200 && response.body.status === 'expired' ? response.body : undefined;
      },
      40_000,
      'the order expired after the outage',
    );
    expect(expired.status).toBe('expired');
    // The sweep says so once its round is over (after the advisory lock's release), which can be a moment after
    // the order it expired is visible.
    const recovered = () =>
      app!.logs.some(
        (line) => line.includes('sweep recovered') && JSON.parse(line).sweep === 'orders.expire',
      );
    await eventually(() => recovered() || undefined, 10_000, 'the sweep logged its recovery');
    expect(recovered()).toBe(true);
    await app.stop();
    app = null;
  }, 90_000);
});
