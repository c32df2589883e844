import { randomUUID } from 'node:crypto';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../src/platform/errors/outage.ts';
import {
  createCardOrder,
  frictionlessAuthentication,
  paymentEffectsOf,
  storeCard,
} from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { sql, waitingOnLock, whileLocked } from '../helpers/database.ts';
import { type HttpResult, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

/**
 * A database that hangs rather than goes away (a lock a stuck session holds, an overloaded server, a disk
 * that stalls) is an outage too (platform/db/session-limits.ts): a statement that waits longer than
 * DATABASE_STATEMENT_TIMEOUT_SECONDS is cancelled and its request answered 503 with `Retry-After`, nothing of it
 * committed; a request that waits longer than DATABASE_POOL_WAIT_SECONDS for a connection gets the same. The
 * retry with the same Idempotency-Key, once the database answers again, does the work once. A table lock held by
 * the test plays the stuck session.
 */
describe('a database that hangs', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false', DATABASE_STATEMENT_TIMEOUT_SECONDS: '1' });
    apiKey = (await seedProject(app)).apiKey;
  });
  afterAll(async () => {
    await app.stop();
  });

  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };

  const expectOutage = (answer: HttpResult<Json>) => {
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
  };

  it('answers a create that waits past the statement timeout 503, writes nothing, and its retry creates the order once', async () => {
    const rest = restClient(app.baseUrl, apiKey);
    const reference = randomUUID();
    const withKey = { 'idempotency-key': randomUUID() };
    const body = { amount: 1234, currency: 'EUR', merchant_order_id: reference };

    const { result: cut, ms } = await timed(() =>
      whileLocked(app.databaseUrl, 'orders', 'share', () => rest.post<Json>('/v1/orders/', body, withKey)),
    );

    expectOutage(cut);
    expect(cut.body).toMatchObject({ error: { status: 503, type: 'service_unavailable' } });
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(
      await sql(app.databaseUrl, 'select id from orders where merchant_order_id = $1', [reference]),
    ).toEqual([]);

    const retry = await rest.post<Json>('/v1/orders/', body, withKey);
    const replayed = await rest.post<Json>('/v1/orders/', body, withKey);
    expect(retry.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(retry.body);
    expect(
      await sql(app.databaseUrl, 'select id from orders where merchant_order_id = $1', [reference]),
    ).toEqual([{ id: retry.body.id }]);
  });

  it('answers a GraphQL createOrder that waits past the statement timeout SERVICE_UNAVAILABLE, and writes nothing', async () => {
    const rest = restClient(app.baseUrl, apiKey);
    const reference = randomUUID();
    const cut = await whileLocked(app.databaseUrl, 'orders', 'share', () =>
      rest.post<Json>('/graphql', {
        query: `mutation Create($input: CreateOrderInput!) {
          createOrder(input: $input) { order { id } userErrors { code } }
        }`,
        variables: { input: { merchantOrderId: reference, amount: 1234, currency: 'EUR' } },
      }),
    );

    // As any outage a resolver meets (platform/graphql/error-format.ts): the error, no driver message, no data.
    expect(cut.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(cut.body.data).toBeNull();
    expect(JSON.stringify(cut.body)).not.toMatch(/statement timeout|canceling/i);
    expect(
      await sql(app.databaseUrl, 'select id from orders where merchant_order_id = $1', [reference]),
    ).toEqual([]);
  });

  // Cut mid-way: the payment's first phase committed, then its booking at the test acquirer waits on the lock
  // and is cancelled. The retry resumes from the recovery point and books once.
  it('answers a card payment cut at its acquirer booking 503, and its retry pays once', async () => {
    const order = await createCardOrder(app.baseUrl, apiKey);
    const transaction = order.transactions[0];
    const card = await storeCard(app, apiKey, { setupToken: transaction.payment_method_details.setup_token });
    const rest = restClient(app.baseUrl, apiKey);
    const path = `/v1/orders/${order.id}/transactions/${transaction.id}/authenticate/`;
    const body = frictionlessAuthentication(card.body.vault_token);
    const withKey = { 'idempotency-key': randomUUID() };

    const cut = await whileLocked(app.databaseUrl, 'acquirer_operations', 'share', () =>
      rest.post<Json>(path, body, withKey),
    );
    expectOutage(cut);
    const effects = () => paymentEffectsOf(app.databaseUrl, transaction.id);
    expect(await effects()).toEqual({ authorizations: 0, bookings: 0, accepted: 0 });

    const retry = await rest.post<Json>(path, body, withKey);
    expect(retry.status).toBe(200);
    expect(retry.body.transactions[0].status).not.toBe('new');
    expect(await effects()).toEqual({ authorizations: 1, bookings: 1, accepted: 1 });
  });

  // The COPY of a CSV report lasts as long as the merchant's download: it is the one statement without a limit.
  it('lets a CSV report wait for its rows longer than the statement timeout', async () => {
    const rest = restClient(app.baseUrl, apiKey);
    const order = await createCardOrder(app.baseUrl, apiKey);
    const started = performance.now();
    // Held for 1.5 s after the COPY began to wait: its answer can only come once the lock is gone.
    const pending = await whileLocked(app.databaseUrl, 'transactions', 'access exclusive', async () => {
      const answer = rest.post<string>('/v1/search/orders/?format=csv', { query: '*' });
      await eventually(
        async () => (await waitingOnLock(app.databaseUrl, 'copy (')) === 1,
        15_000,
        'the report waiting for its rows',
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { answer };
    });
    const report = await pending.answer;
    const ms = performance.now() - started;

    expect(ms).toBeGreaterThanOrEqual(1500);
    expect(report.status).toBe(200);
    expect(report.text).toContain(order.transactions[0].id);
  });
});

describe('a pool whose connections are all held', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp({
      JOBS_ENABLED: 'false',
      DATABASE_POOL_SIZE: '2',
      DATABASE_BATCHED_WRITES: '0',
      DATABASE_PIPELINED_READS: '0',
      // The wait covers opening a connection too: long enough for that on a loaded machine (0.3 s failed the
      // app's start once, with the whole suite and more running on two cores), short for the test.
      DATABASE_POOL_WAIT_SECONDS: '2',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '30',
    });
    apiKey = (await seedProject(app)).apiKey;
  });
  afterAll(async () => {
    await app.stop();
  });

  it('answers a request that waits past DATABASE_POOL_WAIT_SECONDS for a connection 503, and serves it once one is free', async () => {
    const rest = restClient(app.baseUrl, apiKey);
    const existing = await rest.post<Json>('/v1/orders/', { amount: 100, currency: 'EUR' });
    // Two creates wait on the lock, each holding one of the pool's two connections.
    const { held, waited } = await whileLocked(app.databaseUrl, 'orders', 'share', async () => {
      const held = [1, 2].map((amount) => rest.post<Json>('/v1/orders/', { amount, currency: 'EUR' }));
      await eventually(
        async () => (await waitingOnLock(app.databaseUrl, 'insert into orders')) === 2,
        15_000,
        'both creates waiting',
      );
      return { held, waited: await rest.get<Json>(`/v1/orders/${existing.body.id}/`) };
    });

    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([201, 201]);
    expect((await rest.get<Json>(`/v1/orders/${existing.body.id}/`)).status).toBe(200);
  });
});
