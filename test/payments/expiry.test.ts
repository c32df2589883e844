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
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

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

describe('expiry of open orders and of uncaptured authorizations (durable timers)', () => {
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

  it('expires an open order through the timer scheduled before a restart, with its pending transaction', async () => {
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
    const timers = await sql(databaseUrl, "select state from pgboss.job where name = 'orders.expire'");
    expect(timers).toEqual([{ state: 'created' }]);
    await before.stop();

    // Restarted before the deadline: the start-up sweep finds nothing due, so only the durable timer can act.
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

  it('catches up at start on an overdue order whose timer was lost', async () => {
    const databaseUrl = await createTestDatabase();
    const before = await start({ DATABASE_URL: databaseUrl });
    const project = await seedProject(before);
    const { body: created } = await restClient(before.baseUrl, project.apiKey).post<Json>(
      '/v1/orders/',
      buildOrder({ expiration_period: 'PT1S' }),
    );
    await before.stop();
    await sql(databaseUrl, "delete from pgboss.job where name = 'orders.expire'");

    await sleep(1_200);
    const after = await start({ DATABASE_URL: databaseUrl });
    const { body: order } = await restClient(after.baseUrl, project.apiKey).get<Json>(
      `/v1/orders/${created.id}/`,
    );
    expect(order.status).toBe('expired');
  });

  it('leaves completed orders alone when their timer fires', async () => {
    const app = await start();
    const project = await seedProject(app);
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      order: { expiration_period: 'PT1S' },
    });
    await sleep(1_500);
    const fired = await eventually(
      () =>
        sql(
          app.databaseUrl,
          "select state from pgboss.job where name = 'orders.expire' and data->>'orderId' = $1",
          [paid.id],
        ),
      (rows) => rows[0]?.state === 'completed',
    );
    expect(fired[0]!.state).toBe('completed');
    const { body: order } = await restClient(app.baseUrl, project.apiKey).get<Json>(`/v1/orders/${paid.id}/`);
    expect(order.status).toBe('completed');
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
