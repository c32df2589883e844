import { createCardOrder, payOwnCheckoutOrder, TEST_CARDS } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { storedRefunds, writtenState } from './support.ts';

type Json = Record<string, any>;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('refunds over REST', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const paidOrder = (amount = 1000, options: Json = {}) =>
    payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount, ...options });
  const refund = (orderId: string, body: unknown) => api.post<Json>(`/v1/orders/${orderId}/refunds/`, body);
  const getOrder = async (orderId: string) => (await api.get<Json>(`/v1/orders/${orderId}/`)).body;

  it('refunds part of a paid order and answers 201 with the refund order of spec 2.6', async () => {
    const original = await paidOrder(1000, {
      order: { description: 'Two tickets', webhook_url: 'https://shop.example/order-hooks' },
    });
    expect(original.status).toBe('completed');

    const { status, body } = await refund(original.id, {
      amount: 300,
      merchant_order_id: 'refund-1',
      extra: { reason: 'damaged' },
    });

    expect(status).toBe(201);
    expect(body).toMatchObject({
      project_id: project.projectId,
      merchant_order_id: 'refund-1',
      description: 'Two tickets',
      currency: original.currency,
      amount: 300,
      status: 'completed',
      flags: ['is-refund', 'is-test'],
      refund_of_order_id: original.id,
      related_order_id: original.id,
      extra: { reason: 'damaged' },
      webhook_url: 'https://shop.example/order-hooks',
    });
    expect(body.completed).toMatch(ISO);
    expect(body.order_url).toBeUndefined();
    expect(body.refunded_amount).toBeUndefined();
    expect(body.transactions).toHaveLength(1);
    const [transaction] = body.transactions;
    expect(transaction).toMatchObject({
      order_id: body.id,
      amount: 300,
      currency: original.currency,
      payment_method: 'credit-card-refund',
      credit_debit: 'debit',
      refund_of_transaction_id: original.transactions[0].id,
      status: 'accepted',
      is_capturable: false,
      outcomes: { processing: { response_code: '00' } },
    });
    expect(transaction.events.map((e: Json) => e.event)).toEqual(['new', 'accepted']);

    const after = await getOrder(original.id);
    expect(after).toMatchObject({
      status: 'completed',
      amount: 1000,
      refunded_amount: 300,
      refund_orders: [body.id],
      related_orders: [body.id],
    });
    expect(after.flags).toEqual(expect.arrayContaining(['is-test', 'has-refunds']));
    const refundOrder = await getOrder(body.id);
    expect(refundOrder).toMatchObject({ id: body.id, status: 'completed', refund_of_order_id: original.id });
  });

  it('takes the description sent over the original one', async () => {
    const original = await paidOrder(500);
    const { body } = await refund(original.id, { amount: 100, description: 'Goodwill' });
    expect(body.description).toBe('Goodwill');
  });

  it('refunds several times up to exactly the original amount, then refuses one more minor unit', async () => {
    const original = await paidOrder(1000);
    for (const [amount, total] of [
      [300, 300],
      [200, 500],
      [500, 1000],
    ]) {
      const { status } = await refund(original.id, { amount });
      expect(status).toBe(201);
      expect((await getOrder(original.id)).refunded_amount).toBe(total);
    }

    const before = await writtenState(app.databaseUrl, project.projectId, original.id);
    const { status, body } = await refund(original.id, { amount: 1 });
    expect(status).toBe(422);
    expect(body).toEqual({
      error: {
        status: 422,
        type: 'refund_exceeds_remaining',
        value: expect.stringContaining('remaining refundable amount of 0'),
      },
    });
    expect(await writtenState(app.databaseUrl, project.projectId, original.id)).toEqual(before);
  });

  it('refunds the full amount in one go', async () => {
    const original = await paidOrder(995);
    const { status, body } = await refund(original.id, { amount: 995 });
    expect(status).toBe(201);
    expect(body.amount).toBe(995);
    expect((await getOrder(original.id)).refunded_amount).toBe(995);
  });

  it('refuses an amount over the remaining balance and names that balance', async () => {
    const original = await paidOrder(1000);
    await refund(original.id, { amount: 600 });
    const before = await writtenState(app.databaseUrl, project.projectId, original.id);

    const { status, body } = await refund(original.id, { amount: 401 });

    expect(status).toBe(422);
    expect(body.error.value).toContain('remaining refundable amount of 4.00 EUR (400 minor units)');
    expect(await writtenState(app.databaseUrl, project.projectId, original.id)).toEqual(before);
    expect((await refund(original.id, { amount: 400 })).status).toBe(201);
  });

  it.each([
    ['a zero amount', { amount: 0 }, 'amount'],
    ['a negative amount', { amount: -100 }, 'amount'],
    ['a fractional amount', { amount: 10.5 }, 'amount'],
    ['an amount sent as a string', { amount: '100' }, 'amount'],
    ['no amount', { description: 'x' }, 'amount'],
    ['a currency (the original one is always used)', { amount: 100, currency: 'USD' }, 'currency'],
    ['a body that is not an object', [100], ''],
  ])('refuses %s with 400 and writes nothing', async (_case, body, field) => {
    const original = await paidOrder(1000);
    const before = await writtenState(app.databaseUrl, project.projectId, original.id);

    const response = await refund(original.id, body);

    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ status: 400, type: 'invalid_request' });
    expect(response.body.error.value).toContain(field);
    expect(await writtenState(app.databaseUrl, project.projectId, original.id)).toEqual(before);
  });

  it('refuses to refund an order that was never paid', async () => {
    const unpaid = await createCardOrder(app.baseUrl, project.apiKey, { amount: 1000 });
    const before = await writtenState(app.databaseUrl, project.projectId, unpaid.id);

    const { status, body } = await refund(unpaid.id, { amount: 100 });

    expect(status).toBe(422);
    expect(body.error).toMatchObject({ type: 'order_not_paid', value: expect.stringContaining("'new'") });
    expect(await writtenState(app.databaseUrl, project.projectId, unpaid.id)).toEqual(before);
  });

  it('refuses to refund a declined payment', async () => {
    const declined = await paidOrder(1000, { pan: TEST_CARDS.doNotHonour });
    expect(declined.status).toBe('error');
    const before = await writtenState(app.databaseUrl, project.projectId, declined.id);

    const { status, body } = await refund(declined.id, { amount: 100 });

    expect(status).toBe(422);
    expect(body.error.type).toBe('order_not_paid');
    expect(await writtenState(app.databaseUrl, project.projectId, declined.id)).toEqual(before);
  });

  it('refuses to refund a refund order', async () => {
    const original = await paidOrder(1000);
    const { body: refundOrder } = await refund(original.id, { amount: 100 });
    const before = await writtenState(app.databaseUrl, project.projectId, refundOrder.id);

    const { status, body } = await refund(refundOrder.id, { amount: 50 });

    expect(status).toBe(422);
    expect(body.error.type).toBe('order_not_refundable');
    expect(await writtenState(app.databaseUrl, project.projectId, refundOrder.id)).toEqual(before);
  });

  it('refuses to refund a voided pre-authorization', async () => {
    const authorized = await paidOrder(1000, { captureMode: 'manual' });
    const voided = await api.post(
      `/v1/orders/${authorized.id}/transactions/${authorized.transactions[0].id}/voids/`,
    );
    expect(voided.status).toBe(201);
    const before = await writtenState(app.databaseUrl, project.projectId, authorized.id);

    const { status, body } = await refund(authorized.id, { amount: 100 });

    expect(status).toBe(422);
    expect(body.error.type).toBe('order_voided');
    expect(await writtenState(app.databaseUrl, project.projectId, authorized.id)).toEqual(before);
  });

  it('refuses to refund a pre-authorization that was not captured', async () => {
    const authorized = await paidOrder(1000, { captureMode: 'manual' });
    const { status, body } = await refund(authorized.id, { amount: 100 });
    expect(status).toBe(422);
    expect(body.error.type).toBe('order_not_captured');
    expect(await storedRefunds(app.databaseUrl, authorized.id)).toEqual([]);
  });

  it('limits the refunds of a captured pre-authorization to the captured amount', async () => {
    const authorized = await paidOrder(1000, { captureMode: 'manual' });
    const captured = await api.post(
      `/v1/orders/${authorized.id}/transactions/${authorized.transactions[0].id}/captures/`,
      { amount: 600 },
    );
    expect(captured.status).toBe(201);

    expect((await refund(authorized.id, { amount: 601 })).status).toBe(422);
    const { status, body } = await refund(authorized.id, { amount: 600 });
    expect(status).toBe(201);
    expect(body.transactions[0].refund_of_transaction_id).toBe(authorized.transactions[0].id);
    expect((await getOrder(authorized.id)).refunded_amount).toBe(600);
  });

  it("answers 404 for another project's order, and writes nothing", async () => {
    const original = await paidOrder(1000);
    const intruder = await seedProject(app, { name: 'Intruder' });
    const intruderApi = restClient(app.baseUrl, intruder.apiKey);
    const before = await writtenState(app.databaseUrl, project.projectId, original.id);

    const created = await intruderApi.post<Json>(`/v1/orders/${original.id}/refunds/`, { amount: 100 });
    const listed = await intruderApi.get<Json>(`/v1/orders/${original.id}/refunds/`);

    expect(created.status).toBe(404);
    expect(created.body.error.type).toBe('not_found');
    expect(listed.status).toBe(404);
    expect(await writtenState(app.databaseUrl, project.projectId, original.id)).toEqual(before);
    expect(await writtenState(app.databaseUrl, intruder.projectId, original.id)).toMatchObject({
      counts: { orders: '0', transactions: '0', events: '0', outbox: '0' },
    });
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    expect((await refund('8f7d1f5e-4d1c-4e2a-9b7a-0c1d2e3f4a5b', { amount: 1 })).status).toBe(404);
    expect((await refund('not-a-uuid', { amount: 1 })).status).toBe(404);
    expect((await api.get('/v1/orders/not-a-uuid/refunds/')).status).toBe(404);
  });

  it('lists the refunds of an order oldest first with the fields of spec 4.4', async () => {
    const original = await paidOrder(1000);
    const first = (await refund(original.id, { amount: 100, merchant_order_id: 'r-1' })).body;
    const second = (await refund(original.id, { amount: 250, description: 'Second' })).body;

    const { status, body } = await api.get<Json[]>(`/v1/orders/${original.id}/refunds`);

    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: first.id,
        amount: 100,
        currency: 'EUR',
        created: first.created,
        completed: first.completed,
        description: first.description,
        flags: ['is-refund', 'is-test'],
        merchant_order_id: 'r-1',
        refund_of_order_id: original.id,
        status: 'completed',
      },
      {
        id: second.id,
        amount: 250,
        currency: 'EUR',
        created: second.created,
        completed: second.completed,
        description: 'Second',
        flags: ['is-refund', 'is-test'],
        refund_of_order_id: original.id,
        status: 'completed',
      },
    ]);
  });

  it('lists an empty array for an order without refunds', async () => {
    const original = await paidOrder(1000);
    const { status, body } = await api.get(`/v1/orders/${original.id}/refunds/`);
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });
});
