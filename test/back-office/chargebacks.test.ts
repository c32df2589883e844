import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

describe('chargebacks and reversals (test projects simulate the acquirer’s notices)', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    app = await startTestApp({ OUTBOX_SWEEP_INTERVAL_SECONDS: '1' });
    receiver = await startReceiver();
    project = await seedProject(app, { name: 'Disputed shop', webhookUrl: `${receiver.url}/hooks` });
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(async () => {
    await app.stop();
    await receiver.close();
  });

  const pay = (amount = 1000) => payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount });
  const chargeback = (orderId: string, body: unknown, path = `/v1/test/orders/${orderId}/chargebacks/`) =>
    api.post<Json>(path, body);
  const reversal = (chargebackId: string, body: unknown) =>
    api.post<Json>(`/v1/test/orders/${chargebackId}/reversals/`, body);
  const get = async (id: string) => (await api.get<Json>(`/v1/orders/${id}/`)).body;
  const orderCount = async () =>
    (await sql<{ n: number }>(app.databaseUrl, 'select count(*)::int as n from orders'))[0]!.n;

  it('records a chargeback as a new completed order with one debit transaction, listed on the original', async () => {
    const original = await pay();
    const { status, headers, body } = await chargeback(original.id, { amount: 400, reason_code: '10.4' });
    expect(status).toBe(201);
    expect(headers.get('location')).toBe(`${app.baseUrl}/v1/orders/${body.id}/`);
    expect(body).toMatchObject({
      amount: 400,
      currency: 'EUR',
      status: 'completed',
      flags: ['is-chargeback', 'is-test'],
      chargeback_of_order_id: original.id,
      related_order_id: original.id,
      merchant_name: 'Disputed shop',
    });
    expect(body.order_url).toBeUndefined();
    expect(body.transactions).toHaveLength(1);
    expect(body.transactions[0]).toMatchObject({
      amount: 400,
      credit_debit: 'debit',
      payment_method: 'credit-card',
      payment_method_brand: original.transactions[0].payment_method_brand,
      status: 'completed',
      outcomes: { chargeback: { reason_code: '10.4' } },
    });
    expect(body.transactions[0].payment_method_details.truncated_pan).toBe(
      original.transactions[0].payment_method_details.truncated_pan,
    );

    const after = await get(original.id);
    expect(after.status).toBe('completed');
    expect(after.chargeback_orders).toEqual([body.id]);
    expect(after.related_orders).toEqual([body.id]);
    expect(after.flags).toEqual(['is-test', 'has-chargebacks']);
    expect((await get(body.id)).chargeback_of_order_id).toBe(original.id);
  });

  it('shrinks what can be refunded: refunds plus chargebacks never exceed what was paid', async () => {
    const original = await pay(1000);
    expect((await chargeback(original.id, { amount: 400, reason_code: '4853' })).status).toBe(201);
    const tooMuch = await api.post<Json>(`/v1/orders/${original.id}/refunds/`, { amount: 601 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toMatchObject({ type: 'refund_exceeds_remaining' });
    expect(tooMuch.body.error.value).toContain('4.00 EUR (400 minor units) charged back');
    expect((await api.post(`/v1/orders/${original.id}/refunds/`, { amount: 600 })).status).toBe(201);
    const before = await orderCount();
    const over = await chargeback(original.id, { amount: 1, reason_code: '4853' });
    expect(over.status).toBe(422);
    expect(over.body.error).toMatchObject({ type: 'chargeback_exceeds_remaining', status: 422 });
    expect(await orderCount()).toBe(before);
  });

  it('lets exactly one of a racing refund and chargeback of the full amount through (row lock)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const original = await pay(700);
      const [refund, disputed] = await Promise.all([
        api.post(`/v1/orders/${original.id}/refunds/`, { amount: 700 }),
        chargeback(original.id, { amount: 700, reason_code: '10.4' }),
      ]);
      expect([refund.status, disputed.status].sort()).toEqual([201, 422]);
    }
  });

  it('records a reversal on the chargeback order, giving the amount back to what can be refunded', async () => {
    const original = await pay(1000);
    const disputed = (await chargeback(original.id, { amount: 1000, reason_code: '10.4' })).body;
    expect((await api.post(`/v1/orders/${original.id}/refunds/`, { amount: 1 })).status).toBe(422);

    const { status, body } = await reversal(disputed.id, { amount: 300 });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      amount: 300,
      status: 'completed',
      flags: ['is-reversal', 'is-test'],
      reversal_of_order_id: disputed.id,
      related_order_id: disputed.id,
    });
    expect(body.transactions[0]).toMatchObject({ amount: 300, credit_debit: 'credit', status: 'completed' });
    const chargebackAfter = await get(disputed.id);
    expect(chargebackAfter.reversal_orders).toEqual([body.id]);
    expect(chargebackAfter.flags).toEqual(['is-chargeback', 'is-test', 'has-reversals']);

    expect((await reversal(disputed.id, { amount: 701 })).body.error).toMatchObject({
      status: 422,
      type: 'reversal_exceeds_chargeback',
    });
    expect((await api.post(`/v1/orders/${original.id}/refunds/`, { amount: 301 })).status).toBe(422);
    expect((await api.post(`/v1/orders/${original.id}/refunds/`, { amount: 300 })).status).toBe(201);
    // A reversal acts on a chargeback order only.
    expect((await reversal(original.id, { amount: 1 })).body.error).toMatchObject({
      type: 'not_a_chargeback',
    });
  });

  it('refuses what no payment backs, and bad input, with a clear error, changing nothing', async () => {
    const unpaid = (await api.post<Json>('/v1/orders/', { amount: 500, currency: 'EUR' })).body;
    const before = await orderCount();
    expect((await chargeback(unpaid.id, { amount: 100, reason_code: '10.4' })).body.error).toMatchObject({
      status: 422,
      type: 'order_not_paid',
    });
    const paid = await pay();
    const bad = await chargeback(paid.id, { amount: 0, reason_code: '', currency: 'USD' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.value).toContain('amount');
    expect(bad.body.error.value).toContain('reason_code');
    expect(bad.body.error.value).toContain('currency');
    expect((await chargeback(paid.id, 'not json')).status).toBe(400);
    expect(await orderCount()).toBe(before + 1);
  });

  it('answers without the trailing slash, replays an Idempotency-Key, and is scoped to the project', async () => {
    const original = await pay();
    const path = `/v1/test/orders/${original.id}/chargebacks`;
    const headers = { 'idempotency-key': `cb-${original.id}` };
    const first = await api.post<Json>(path, { amount: 100, reason_code: '10.4' }, headers);
    const again = await api.post<Json>(path, { amount: 100, reason_code: '10.4' }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await get(original.id)).chargeback_orders).toEqual([first.body.id]);

    const other = await seedProject(app, { name: 'Other shop' });
    const foreign = await restClient(app.baseUrl, other.apiKey).post<Json>(
      `/v1/test/orders/${original.id}/chargebacks/`,
      { amount: 100, reason_code: '10.4' },
    );
    expect(foreign.status).toBe(404);
    const foreignReversal = await restClient(app.baseUrl, other.apiKey).post<Json>(
      `/v1/test/orders/${first.body.id}/reversals/`,
      { amount: 10 },
    );
    expect(foreignReversal.status).toBe(404);
  });

  it('does not exist for live keys (404 like any unknown route)', async () => {
    const live = await seedProject(app, { name: 'Live shop', mode: 'live' });
    const liveApi = restClient(app.baseUrl, live.apiKey);
    const orderId = '00000000-0000-4000-8000-000000000000';
    for (const path of [`/v1/test/orders/${orderId}/chargebacks/`, `/v1/test/orders/${orderId}/reversals/`]) {
      const response = await liveApi.post<Json>(path, { amount: 1, reason_code: '10.4' });
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ status: 404, type: 'not_found' });
    }
  });

  it('is a status change with its events, webhooks, GraphQL fields and search flag', async () => {
    const original = await pay(900);
    const disputed = (await chargeback(original.id, { amount: 900, reason_code: '10.4' })).body;
    const reversed = (await reversal(disputed.id, { amount: 900 })).body;

    const events = async (orderId: string) =>
      (await api.get<Json>(`/v1/events/?order_id=${orderId}&limit=100`)).body.events as Json[];
    expect((await events(original.id)).find((e) => e.type === 'order.charged_back')?.data).toEqual({
      chargeback_order_id: disputed.id,
      amount: 900,
      currency: 'EUR',
    });
    const onChargeback = await events(disputed.id);
    expect(onChargeback.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'order.status_changed',
        'transaction.status_changed',
        'order.chargeback_reversed',
      ]),
    );
    expect(onChargeback.find((e) => e.type === 'order.status_changed')?.data).toMatchObject({
      status: 'completed',
      kind: 'chargeback',
    });
    const deadline = Date.now() + 15_000;
    const hooked = (id: string) => receiver.received.some((r) => JSON.parse(r.body).order_id === id);
    while (!(hooked(disputed.id) && hooked(reversed.id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(hooked(disputed.id)).toBe(true);
    expect(hooked(reversed.id)).toBe(true);

    const { data } = await graphqlClient(app.baseUrl, project.apiKey)<Json>(
      `query O($id: ID!) { order(id: $id) { chargebacks { id amount flags reversals { id amount } } reversals { id } } }`,
      { id: original.id },
    );
    expect(data?.order).toEqual({
      chargebacks: [
        {
          id: disputed.id,
          amount: 900,
          flags: ['is-chargeback', 'is-test', 'has-reversals'],
          reversals: [{ id: reversed.id, amount: 900 }],
        },
      ],
      reversals: [],
    });

    const search = await api.post<Json>('/v1/search/orders/', { query: `flags:is-chargeback` });
    const ids = (search.body.orders as Json[]).map((order) => order.id);
    expect(ids).toContain(disputed.id);
    expect(ids).not.toContain(original.id);
    expect(ids).not.toContain(reversed.id);
    const csv = await api.post('/v1/search/orders/?format=csv', { query: `flags:is-chargeback` });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(disputed.id);
  });
});
