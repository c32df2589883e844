import { setTimeout as sleep } from 'node:timers/promises';
import { buildOrder } from '../factories/order.ts';
import {
  createCardOrder,
  openPaymentPage,
  payOwnCheckoutOrder,
  storeCard,
  TEST_CARDS,
  TEST_CVC,
} from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startReceiver } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

/** Polls until `check` holds or the time is up; returns the last value seen. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await sleep(250);
    value = await read();
  }
  return value;
}

describe('expiry of open orders (the expiry sweep) and of uncaptured authorizations (durable timers)', () => {
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const app = await startTestApp(env);
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    for (const app of apps) await app.stop().catch(() => undefined);
  });

  it('gives an order without expiration_period the documented default of one hour', async () => {
    const app = await start();
    const project = await seedProject(app);
    const { body: order } = await restClient(app.baseUrl, project.apiKey).post<Json>(
      '/v1/orders/',
      buildOrder(),
    );
    expect(order.expiration_period).toBe('PT1H');
    const [row] = await sql(
      app.databaseUrl,
      'select expires_at - created_at as period from orders where id = $1',
      [order.id],
    );
    expect(row!.period).toEqual({ hours: 1 });
  });

  /** The pg-boss jobs naming an order: none since the expiry sweep replaced the timer per order (issue 31). */
  const jobsOf = (databaseUrl: string, orderId: string) =>
    sql(databaseUrl, "select name from pgboss.job where data->>'orderId' = $1", [orderId]);
  /** Moves an order's deadline into the past, as time passing would. */
  const passDeadline = (databaseUrl: string, orderId: string) =>
    sql(databaseUrl, "update orders set expires_at = now() - interval '1 second' where id = $1", [orderId]);

  it('expires an open order at its deadline after a restart, with its pending transaction, and writes no job for it', async () => {
    const databaseUrl = await createTestDatabase();
    const before = await start({ DATABASE_URL: databaseUrl });
    const project = await seedProject(before);
    const created = await createCardOrder(before.baseUrl, project.apiKey, {
      order: { expiration_period: 'PT10S', failure_url: 'https://shop.example/failed' },
    });
    const transaction = created.transactions[0];
    const { body: card } = await storeCard(before, project.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
      pan: TEST_CARDS.challenge,
    });
    const { body: pending } = await restClient(before.baseUrl, project.apiKey).post<Json>(
      `/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`,
      { vault_token: card.vault_token, cvc: TEST_CVC },
    );
    expect(pending.status).toBe('processing');
    expect(await jobsOf(databaseUrl, created.id)).toEqual([]);
    await before.stop();

    // Restarted before the deadline: the sweep at start finds nothing due; the sweeps after it expire the order.
    const after = await start({ DATABASE_URL: databaseUrl });
    const api = restClient(after.baseUrl, project.apiKey);
    expect((await api.get<Json>(`/v1/orders/${created.id}/`)).body.status).toBe('processing');
    const order = await eventually(
      async () => (await api.get<Json>(`/v1/orders/${created.id}/`)).body,
      (o) => o.status === 'expired',
    );
    expect(order.status).toBe('expired');
    expect(order.transactions[0].status).toBe('expired');
    // The restarted app listens on another port: the same page under its base URL.
    const page = await openPaymentPage(`${after.baseUrl}/redirect/${transaction.id}/to/payment/`);
    expect(page.location).toBe(`https://shop.example/failed?order_id=${created.id}`);
    // Ten seconds of validity leave room for the card steps and a restart on a busy machine.
  }, 60_000);

  it('expires an order at the earlier deadline an update gave it, without a job for it either', async () => {
    const app = await start();
    const project = await seedProject(app);
    const api = restClient(app.baseUrl, project.apiKey);
    const { body: created } = await api.post<Json>('/v1/orders/', buildOrder({ expiration_period: 'PT1H' }));
    const updated = await api.call<Json>('PUT', `/v1/orders/${created.id}/`, { expiration_period: 'PT2S' });
    expect(updated.status).toBe(200);
    expect(await jobsOf(app.databaseUrl, created.id)).toEqual([]);
    const order = await eventually(
      async () => (await api.get<Json>(`/v1/orders/${created.id}/`)).body,
      (o) => o.status === 'expired',
    );
    expect(order.status).toBe('expired');
  });

  it('catches up, in a worker started after one was killed, on the orders that fell due while none ran', async () => {
    const databaseUrl = await createTestDatabase();
    // The web process runs no background work: only a worker expires orders.
    const web = await start({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' });
    const project = await seedProject(web);
    const api = restClient(web.baseUrl, project.apiKey);
    const startWorker = () =>
      startServerProcess(
        { DATABASE_URL: databaseUrl, MIGRATE_ON_START: 'false' },
        { script: 'src/worker.ts', readyText: 'worker running' },
      );
    const first = await startWorker();
    const { body: beforeCrash } = await api.post<Json>('/v1/orders/', buildOrder());
    await passDeadline(databaseUrl, beforeCrash.id);
    await eventually(
      async () => (await api.get<Json>(`/v1/orders/${beforeCrash.id}/`)).body,
      (o) => o.status === 'expired',
    );
    await first.kill('SIGKILL');

    const { body: whileDown } = await api.post<Json>('/v1/orders/', buildOrder());
    await passDeadline(databaseUrl, whileDown.id);
    await sleep(2_500);
    // No process sweeps: the order is past its deadline but still open (its page would show it expired).
    expect((await sql(databaseUrl, 'select status from orders where id = $1', [whileDown.id]))[0]).toEqual({
      status: 'new',
    });

    const second = await startWorker();
    try {
      const order = await eventually(
        async () => (await api.get<Json>(`/v1/orders/${whileDown.id}/`)).body,
        (o) => o.status === 'expired',
      );
      expect(order.status).toBe('expired');
    } finally {
      await second.kill('SIGTERM');
    }
    expect(second.output.join('')).not.toMatch(/"level":(50|60)/);
  }, 90_000);

  it('expires each order once when two processes sweep: one event, one outbox row, one webhook each', async () => {
    const receiver = await startReceiver();
    try {
      const databaseUrl = await createTestDatabase();
      const one = await start({ DATABASE_URL: databaseUrl, OUTBOX_SWEEP_INTERVAL_SECONDS: '1' });
      const two = await start({ DATABASE_URL: databaseUrl, OUTBOX_SWEEP_INTERVAL_SECONDS: '1' });
      const project = await seedProject(one, { webhookUrl: `${receiver.url}/hooks` });
      const api = restClient(one.baseUrl, project.apiKey);
      const ids: string[] = [];
      for (let i = 0; i < 30; i += 1) ids.push((await api.post<Json>('/v1/orders/', buildOrder())).body.id);
      const webhooksOf = (id: string) =>
        receiver.received.filter((request) => JSON.parse(request.body).order_id === id).length;
      // Whatever creating the orders sent has arrived before the deadlines pass.
      await sleep(1_500);
      const before = new Map(ids.map((id) => [id, webhooksOf(id)]));

      await sql(
        databaseUrl,
        "update orders set expires_at = now() - interval '1 second' where id = any($1)",
        [ids],
      );
      await eventually(
        () =>
          sql(
            databaseUrl,
            "select count(*)::int as n from orders where id = any($1) and status = 'expired'",
            [ids],
          ),
        (rows) => rows[0]!.n === ids.length,
      );
      const changes = await sql<{ order_id: string; n: number }>(
        databaseUrl,
        `select order_id, count(*)::int as n from outbox_events
          where order_id = any($1) and type = 'order.status_changed' and to_status = 'expired'
          group by order_id`,
        [ids],
      );
      expect(changes).toHaveLength(ids.length);
      expect(changes.every((row) => row.n === 1)).toBe(true);
      const arrived = await eventually(
        async () => ids.map((id) => webhooksOf(id) - before.get(id)!),
        (counts) => counts.every((n) => n >= 1),
      );
      // A moment more for a second one, which must not come.
      await sleep(1_500);
      expect(ids.map((id) => webhooksOf(id) - before.get(id)!)).toEqual(arrived.map(() => 1));
      expect(arrived.every((n) => n === 1)).toBe(true);
      const expiredBy = (app: TestApp) =>
        app.logs
          .filter((line) => line.includes('sweep acted on due rows'))
          .reduce((sum, line) => sum + JSON.parse(line).acted, 0);
      // Each order was expired by exactly one of them.
      expect(expiredBy(one) + expiredBy(two)).toBe(ids.length);
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('takes no payment for an order past its deadline that the sweep has not reached yet', async () => {
    const app = await start({ JOBS_ENABLED: 'false' });
    const project = await seedProject(app);
    const order = await createCardOrder(app.baseUrl, project.apiKey, {
      order: { expiration_period: 'PT1H' },
    });
    const card = await storeCard(app, project.apiKey, {
      setupToken: order.transactions[0].payment_method_details.setup_token,
    });
    await sql(app.databaseUrl, "update orders set expires_at = now() - interval '1 second' where id = $1", [
      order.id,
    ]);
    const path = `/v1/orders/${order.id}/transactions/${order.transactions[0].id}/authenticate/`;
    const answer = await restClient(app.baseUrl, project.apiKey).post<Json>(path, {
      vault_token: card.body.vault_token,
      cvc: TEST_CVC,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({
      type: 'transaction_not_payable',
      value: expect.stringContaining('expired'),
    });
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from acquirer_operations')).toEqual([
      { n: 0 },
    ]);
  });

  it('leaves a completed order alone once its deadline has passed', async () => {
    const app = await start();
    const project = await seedProject(app);
    const api = restClient(app.baseUrl, project.apiKey);
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      order: { expiration_period: 'PT1S' },
    });
    const { body: open } = await api.post<Json>('/v1/orders/', buildOrder({ expiration_period: 'PT1S' }));
    // The open order expiring shows that a sweep ran past both deadlines.
    const expired = await eventually(
      async () => (await api.get<Json>(`/v1/orders/${open.id}/`)).body,
      (o) => o.status === 'expired',
    );
    expect(expired.status).toBe('expired');
    const { body: order } = await api.get<Json>(`/v1/orders/${paid.id}/`);
    expect(order).toEqual(paid);
    expect(await jobsOf(app.databaseUrl, paid.id)).toEqual([]);
  });

  it('releases a pre-authorization at the end of its capture period, after which it cannot be captured', async () => {
    const app = await start({ AUTHORIZATION_CAPTURE_PERIOD: 'PT2S' });
    const project = await seedProject(app);
    const api = restClient(app.baseUrl, project.apiKey);
    const authorized = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { captureMode: 'manual' });
    expect(authorized.transactions[0].is_capturable).toBe(true);

    const released = await eventually(
      async () => (await api.get<Json>(`/v1/orders/${authorized.id}/`)).body,
      (o) => o.transactions[0].is_capturable === false,
    );
    expect(released.transactions[0].is_capturable).toBe(false);
    expect(released.status).toBe('completed');
    const capture = await api.post(
      `/v1/orders/${authorized.id}/transactions/${authorized.transactions[0].id}/captures/`,
      {},
    );
    expect(capture.status).toBe(409);
    expect(capture.body).toMatchObject({ error: { type: 'authorization_expired' } });
  });
});
