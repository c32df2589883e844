import { createCardOrder } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { type PrimaryWithReplica, startPrimaryWithReplica } from '../helpers/replica.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

/**
 * DATABASE_READ_URL against a real streaming replica (the report has a line per transaction: card orders). Replay on the standby is paused to make it visibly
 * behind: what the replica serves then lacks the newest order, what the primary serves has it.
 */
describe('a read replica for search, CSV export and statistics', () => {
  let cluster: PrimaryWithReplica;
  let app: TestApp;
  let api: ReturnType<typeof restClient>;
  let apiKey: string;
  const ids: string[] = [];

  beforeAll(async () => {
    cluster = await startPrimaryWithReplica();
    app = await startTestApp({ DATABASE_URL: cluster.primaryUrl, DATABASE_READ_URL: cluster.replicaUrl });
    const project = await seedProject(app);
    apiKey = project.apiKey;
    api = restClient(app.baseUrl, apiKey);
    for (let index = 0; index < 3; index += 1) {
      ids.push(String((await createCardOrder(app.baseUrl, project.apiKey)).id));
    }
    // Streaming replication: the standby has the orders moments later.
    await eventually(
      async () =>
        Number((await sql<{ n: string }>(cluster.replicaUrl, 'select count(*) as n from orders'))[0]!.n) ===
        3,
      20_000,
      'the replica catching up',
    );
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
    await cluster?.stop();
  });

  it('serves search and the CSV export from the replica, and what must see its own writes from the primary', async () => {
    await sql(cluster.replicaUrl, 'select pg_wal_replay_pause()');
    try {
      const newest = String((await createCardOrder(app.baseUrl, apiKey)).id);
      // Retrieving the order just created reads the primary.
      expect((await api.get(`/v1/orders/${newest}/`)).status).toBe(200);

      const search = await api.post<{ orders: { id: string }[]; total: number }>('/v1/search/orders/', {
        query: '*',
      });
      expect(search.status).toBe(200);
      expect(search.body.orders.map((order) => order.id).sort()).toEqual([...ids].sort());
      expect(search.body.total).toBe(3);

      const csv = await api.post<string>('/v1/search/orders/?format=csv', { query: '*' });
      expect(csv.status).toBe(200);
      expect(csv.text).not.toContain(newest);
      for (const id of ids) expect(csv.text).toContain(id);
      ids.push(newest);
    } finally {
      await sql(cluster.replicaUrl, 'select pg_wal_replay_resume()');
    }
  });

  it('reads from the primary with a logged warning, not an error, once the replica is gone', async () => {
    await cluster.stopReplica();
    const search = await api.post<{ total: number }>('/v1/search/orders/', { query: '*' });
    expect(search.status).toBe(200);
    expect(search.body.total).toBe(4);
    const csv = await api.post<string>('/v1/search/orders/?format=csv', { query: '*' });
    expect(csv.status).toBe(200);
    for (const id of ids) expect(csv.text).toContain(id);

    const lines = app.logs.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(
      lines.filter((line) => line.msg === 'read replica unreachable: reading from the primary'),
    ).not.toEqual([]);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
