import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { containsCardNumber } from '../../src/platform/security/card-numbers.ts';
import { buildOrder } from '../factories/order.ts';
import {
  createCardOrder,
  payOwnCheckoutOrder,
  TEST_CARDS,
  TEST_EXPIRY,
  vaultUrlOf,
} from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { waitFor } from './support.ts';

type Json = Record<string, any>;

const HOUR = 60 * 60 * 1000;

/** A random 16-digit number whose last digit makes it pass the Luhn check, as a card number would. */
function luhnValid(): string {
  const body = `9${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
  const sum = [...body].reverse().reduce((total, digit, index) => {
    const value = Number(digit) * (index % 2 === 0 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe('idempotent writes', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let gql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    gql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const ordersWith = async (merchantOrderId: string) =>
    sql<{ id: string }>(app.databaseUrl, 'select id from orders where merchant_order_id = $1', [
      merchantOrderId,
    ]);

  it('replays the first response, status and body, without creating the order again', async () => {
    const key = randomUUID();
    const body = buildOrder({ merchant_order_id: `idem-${key}` });
    const first = await api.post('/v1/orders/', body, { 'idempotency-key': key });
    const second = await api.post('/v1/orders/', body, { 'idempotency-key': key });

    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(second.text).toBe(first.text);
    expect(await ordersWith(`idem-${key}`)).toHaveLength(1);
  });

  it('replays for the same request written differently: other key order, no trailing slash', async () => {
    const key = randomUUID();
    const body = buildOrder({ merchant_order_id: `idem-${key}`, amount: 1200 });
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const first = await api.post('/v1/orders/', body, { 'idempotency-key': key });
    const second = await api.post('/v1/orders', reordered, { 'idempotency-key': key });

    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.id).toBe(first.body.id);
    expect(await ordersWith(`idem-${key}`)).toHaveLength(1);
  });

  it('refuses the same key with a different body with 422 and writes nothing', async () => {
    const key = randomUUID();
    const merchantOrderId = `idem-${key}`;
    await api.post('/v1/orders/', buildOrder({ merchant_order_id: merchantOrderId, amount: 100 }), {
      'idempotency-key': key,
    });
    const reused = await api.post(
      '/v1/orders/',
      buildOrder({ merchant_order_id: merchantOrderId, amount: 200 }),
      {
        'idempotency-key': key,
      },
    );

    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({
      error: {
        status: 422,
        type: 'idempotency_key_reused',
        value: expect.stringContaining('different request'),
      },
    });
    const rows = await sql<{ amount: string }>(
      app.databaseUrl,
      'select amount from orders where merchant_order_id = $1',
      [merchantOrderId],
    );
    expect(rows).toEqual([{ amount: '100' }]);
  });

  it('tells apart order numbers that look like card numbers: another one under the key is refused, the first replayed', async () => {
    // Shops number orders with 12 to 19 digits that may pass the Luhn check, as card numbers do.
    const [firstNumber, secondNumber] = [luhnValid(), luhnValid()];
    expect([containsCardNumber(firstNumber), containsCardNumber(secondNumber)]).toEqual([true, true]);
    const key = randomUUID();
    const first = await api.post('/v1/orders/', buildOrder({ merchant_order_id: firstNumber }), {
      'idempotency-key': key,
    });
    const other = await api.post('/v1/orders/', buildOrder({ merchant_order_id: secondNumber }), {
      'idempotency-key': key,
    });
    const retry = await api.post('/v1/orders/', buildOrder({ merchant_order_id: firstNumber }), {
      'idempotency-key': key,
    });

    expect(first.status).toBe(201);
    expect(first.body.merchant_order_id).toBe(firstNumber);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: { type: 'idempotency_key_reused' } });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(first.text);
    expect(await ordersWith(firstNumber)).toHaveLength(1);
    expect(await ordersWith(secondNumber)).toHaveLength(0);
  });

  it('replays a refusal too, so a retried invalid request keeps its answer', async () => {
    const key = randomUUID();
    const body = buildOrder({ amount: -1 });
    const first = await api.post('/v1/orders/', body, { 'idempotency-key': key });
    const second = await api.post('/v1/orders/', body, { 'idempotency-key': key });

    expect(first.status).toBe(400);
    expect(second.status).toBe(400);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
  });

  it('runs every request without a key, as before', async () => {
    const merchantOrderId = `plain-${randomUUID()}`;
    await api.post('/v1/orders/', buildOrder({ merchant_order_id: merchantOrderId }));
    await api.post('/v1/orders/', buildOrder({ merchant_order_id: merchantOrderId }));
    expect(await ordersWith(merchantOrderId)).toHaveLength(2);
  });

  it('scopes keys to the project: another project may use the same key for its own request', async () => {
    const other = await seedProject(app, { name: 'Other shop' });
    const otherApi = restClient(app.baseUrl, other.apiKey);
    const key = randomUUID();
    const mine = await api.post('/v1/orders/', buildOrder({ merchant_order_id: `mine-${key}` }), {
      'idempotency-key': key,
    });
    const theirs = await otherApi.post('/v1/orders/', buildOrder({ merchant_order_id: `theirs-${key}` }), {
      'idempotency-key': key,
    });

    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.project_id).toBe(other.projectId);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('answers 409 while the first request with the key is still running, then replays its result', async () => {
    const key = randomUUID();
    const body = buildOrder({ merchant_order_id: `inflight-${key}` });
    // Holding the project row keeps the order insert from committing (its foreign key check waits).
    const blocker = new pg.Client({ connectionString: app.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from projects where id = $1 for update', [project.projectId]);
      const first = api.post('/v1/orders/', body, { 'idempotency-key': key });
      await waitFor(async () => {
        const rows = await sql(app.databaseUrl, 'select 1 from idempotency_keys where key = $1', [key]);
        return rows.length === 1;
      });

      const meanwhile = await api.post('/v1/orders/', body, { 'idempotency-key': key });
      expect(meanwhile.status).toBe(409);
      expect(meanwhile.body).toMatchObject({ error: { status: 409, type: 'idempotency_key_in_use' } });

      await blocker.query('commit');
      const finished = await first;
      expect(finished.status).toBe(201);
      const retried = await api.post('/v1/orders/', body, { 'idempotency-key': key });
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect(retried.body.id).toBe(finished.body.id);
      expect(await ordersWith(`inflight-${key}`)).toHaveLength(1);
    } finally {
      await blocker.end();
    }
  });

  it('lets exactly one of many simultaneous requests with one key do the work', async () => {
    const key = randomUUID();
    const body = buildOrder({ merchant_order_id: `burst-${key}` });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => api.post('/v1/orders/', body, { 'idempotency-key': key })),
    );

    const created = responses.filter((r) => r.status === 201);
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    expect(created.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    expect(await ordersWith(`burst-${key}`)).toHaveLength(1);
  });

  it('keeps a key for at least 24 hours and forgets it after that', async () => {
    const key = randomUUID();
    const body = buildOrder({ merchant_order_id: `retention-${key}` });
    const first = await api.post('/v1/orders/', body, { 'idempotency-key': key });

    app.advanceClock(23 * HOUR);
    const withinADay = await api.post('/v1/orders/', body, { 'idempotency-key': key });
    expect(withinADay.headers.get('idempotent-replayed')).toBe('true');
    expect(withinADay.body.id).toBe(first.body.id);

    app.advanceClock(2 * HOUR);
    const afterADay = await api.post('/v1/orders/', body, { 'idempotency-key': key });
    expect(afterADay.status).toBe(201);
    expect(afterADay.headers.get('idempotent-replayed')).toBeNull();
    expect(afterADay.body.id).not.toBe(first.body.id);
  });

  it('covers the vault face: a retried card storage returns the same vault token, and no card data is kept', async () => {
    const order = await createCardOrder(app.baseUrl, project.apiKey);
    const vault = restClient(vaultUrlOf(app), project.apiKey);
    const key = randomUUID();
    const body = {
      setup_token: order.transactions[0].payment_method_details.setup_token,
      pan: TEST_CARDS.visa,
      expiry: TEST_EXPIRY,
    };

    const first = await vault.post('/v1/cards/', body, { 'idempotency-key': key });
    const retry = await vault.post('/v1/cards/', body, { 'idempotency-key': key });
    const withoutKey = await vault.post('/v1/cards/', body);

    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.vault_token).toBe(first.body.vault_token);
    expect(withoutKey.status).not.toBe(201);
    const rows = await sql(app.databaseUrl, 'select * from idempotency_keys where key = $1', [key]);
    expect(JSON.stringify(rows)).not.toContain(TEST_CARDS.visa.slice(6));
  });

  it('refuses a malformed key with 400', async () => {
    const response = await api.post('/v1/orders/', buildOrder(), { 'idempotency-key': 'k'.repeat(256) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { type: 'invalid_idempotency_key' } });
  });

  it('leaves unauthenticated requests to the route, which answers 401', async () => {
    const anonymous = restClient(app.baseUrl);
    const response = await anonymous.post('/v1/orders/', buildOrder(), { 'idempotency-key': randomUUID() });
    expect(response.status).toBe(401);
  });

  it('makes GraphQL mutations idempotent with the same header', async () => {
    const key = randomUUID();
    const merchantOrderId = `gql-${key}`;
    const mutation = `mutation Create($input: CreateOrderInput!) {
      createOrder(input: $input) { order { id } userErrors { code } }
    }`;
    const variables = { input: { merchantOrderId, amount: 700, currency: 'EUR' } };
    const first = await gql<{ createOrder: { order: { id: string } } }>(mutation, variables, {
      'idempotency-key': key,
    });
    const second = await gql<{ createOrder: { order: { id: string } } }>(mutation, variables, {
      'idempotency-key': key,
    });
    const changed = await gql(
      mutation,
      { input: { ...variables.input, amount: 701 } },
      { 'idempotency-key': key },
    );

    expect(first.data?.createOrder.order.id).toBeDefined();
    expect(second.data?.createOrder.order.id).toBe(first.data?.createOrder.order.id);
    expect(changed.status).toBe(422);
    expect(await ordersWith(merchantOrderId)).toHaveLength(1);
  });

  it('refuses two mutation fields under one key with 400 and runs neither; without a key both run', async () => {
    const [a, b] = await Promise.all([
      payOwnCheckoutOrder(app.baseUrl, project.apiKey),
      payOwnCheckoutOrder(app.baseUrl, project.apiKey),
    ]);
    const twoRefunds = `mutation Two($a: ID!, $b: ID!) {
      a: refundOrder(orderId: $a, amount: 100) { refund { id } userErrors { code } }
      ...More
    }
    fragment More on Mutation { b: refundOrder(orderId: $b, amount: 250) { refund { id } userErrors { code } } }`;
    const keyed = await gql(twoRefunds, { a: a.id, b: b.id }, { 'idempotency-key': randomUUID() });
    expect(keyed.status).toBe(400);
    expect(keyed.errors?.[0]?.message).toMatch(/Idempotency-Key covers one mutation/);
    const refunded = () =>
      sql<{ refunded_amount: number }>(
        app.databaseUrl,
        'select refunded_amount from orders where id = any($1) order by amount',
        [[a.id, b.id]],
      );
    expect((await refunded()).map((order) => Number(order.refunded_amount))).toEqual([0, 0]);

    const unkeyed = await gql<{ a: Json; b: Json }>(twoRefunds, { a: a.id, b: b.id });
    expect([unkeyed.data?.a.userErrors, unkeyed.data?.b.userErrors]).toEqual([[], []]);
    expect(unkeyed.data?.a.refund.id).not.toBe(unkeyed.data?.b.refund.id);
  });
});
