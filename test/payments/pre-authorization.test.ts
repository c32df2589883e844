import { payOwnCheckoutOrder, TEST_CARDS } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { basicAuth, type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

describe('pre-authorization, capture and void', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const authorize = (options: { amount?: number; pan?: string } = {}) =>
    payOwnCheckoutOrder(app.baseUrl, project.apiKey, { captureMode: 'manual', amount: 5000, ...options });
  const pathOf = (order: Json, operation: 'captures' | 'voids') =>
    `/v1/orders/${order.id}/transactions/${order.transactions[0].id}/${operation}/`;
  const get = async (id: string) => (await api.get<Json>(`/v1/orders/${id}/`)).body;

  it('authorizes only: the order completes and its transaction stays capturable', async () => {
    const order = await authorize();
    expect(order.status).toBe('completed');
    expect(order.transactions[0]).toMatchObject({ status: 'accepted', is_capturable: true, amount: 5000 });
  });

  it('captures a pre-authorization as a new capture order linked both ways', async () => {
    const original = await authorize();
    const { status, body: capture } = await api.post<Json>(pathOf(original, 'captures'), {});
    expect(status).toBe(201);
    expect(capture).toMatchObject({
      amount: 5000,
      currency: 'EUR',
      status: 'completed',
      capture_of_order_id: original.id,
      related_order_id: original.id,
      flags: ['is-test'],
    });
    expect(capture.order_url).toBeUndefined();
    expect(capture.transactions[0]).toMatchObject({
      status: 'completed',
      capture_of_transaction_id: original.transactions[0].id,
      is_capturable: false,
      outcomes: { processing: { status: 'approved', response_code: '00' } },
    });

    const after = await get(original.id);
    expect(after.status).toBe('completed');
    expect(after.flags).toEqual(['is-test', 'has-captures']);
    expect(after.related_orders).toEqual([capture.id]);
    expect(after.transactions[0]).toMatchObject({ status: 'captured', is_capturable: false });
  });

  it('captures part of the authorized amount, and refuses more than authorized', async () => {
    const original = await authorize();
    const tooMuch = await api.post(pathOf(original, 'captures'), { amount: 5001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text).toContain(
      'amount: must be between 1 minor unit and the authorized amount of 50.00 EUR (5000 minor units)',
    );
    const { status, body: capture } = await api.post<Json>(pathOf(original, 'captures'), { amount: 1200 });
    expect(status).toBe(201);
    expect(capture.amount).toBe(1200);
  });

  it('voids a pre-authorization as a void order of spec 2.7', async () => {
    const original = await authorize();
    const { status, body: voided } = await api.post<Json>(pathOf(original, 'voids'));
    expect(status).toBe(201);
    expect(voided).toMatchObject({
      amount: 5000,
      status: 'completed',
      void_of_order_id: original.id,
      related_order_id: original.id,
    });
    expect(voided.transactions[0]).toMatchObject({
      credit_debit: 'credit',
      void_of_transaction_id: original.transactions[0].id,
      is_capturable: false,
      status: 'completed',
      outcomes: {
        processing: { status: 'approved', response_code: '00', response_code_description: 'Approved' },
      },
    });

    const after = await get(original.id);
    expect(after.status).toBe('completed');
    expect(after.flags).toEqual(['is-test', 'has-voids']);
    expect(after.related_orders).toEqual([voided.id]);
    expect(after.transactions[0]).toMatchObject({ status: 'accepted', is_capturable: false });
  });

  /** Every refused operation must leave the database exactly as it was. */
  const expectRefusedUnchanged = async (path: string, status: number, type: string, body?: unknown) => {
    const count = async () => (await sql(app.databaseUrl, 'select count(*)::int as n from orders'))[0]!.n;
    const before = await count();
    const response = await api.post(path, body);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ error: { status, type } });
    expect(await count()).toBe(before);
  };

  it('voids when the client sends the JSON content type with an empty body, as HTTP clients of plugins do', async () => {
    const original = await authorize();
    const response = await fetch(`${app.baseUrl}${pathOf(original, 'voids')}`, {
      method: 'POST',
      headers: {
        authorization: basicAuth(project.apiKey),
        'content-type': 'application/json',
      },
    });
    expect(response.status).toBe(201);
    expect((await get(original.id)).transactions[0].is_capturable).toBe(false);
    // A create still needs its body.
    const empty = await fetch(`${app.baseUrl}/v1/orders/`, {
      method: 'POST',
      headers: {
        authorization: basicAuth(project.apiKey),
        'content-type': 'application/json',
      },
    });
    expect(empty.status).toBe(400);
  });

  it('refuses to void a captured pre-authorization (409)', async () => {
    const original = await authorize();
    await api.post(pathOf(original, 'captures'), {});
    await expectRefusedUnchanged(pathOf(original, 'voids'), 409, 'already_captured');
  });

  it('refuses to void or capture a voided pre-authorization (409)', async () => {
    const original = await authorize();
    await api.post(pathOf(original, 'voids'));
    await expectRefusedUnchanged(pathOf(original, 'voids'), 409, 'already_voided');
    await expectRefusedUnchanged(pathOf(original, 'captures'), 409, 'already_voided', {});
  });

  // Issue 16: a second capture used to be refused (`already_captured`); several captures are now allowed
  // within the authorized amount, and `already_captured` answers once the authorization is fully captured.
  it('captures several times within the authorization, then refuses once it is all captured (409)', async () => {
    const original = await authorize();
    const first = await api.post<Json>(pathOf(original, 'captures'), { amount: 100 });
    expect(first.status).toBe(201);
    const between = await get(original.id);
    expect(between.transactions[0]).toMatchObject({ status: 'captured', is_capturable: true });
    expect(between.flags).toEqual(['is-test', 'has-captures']);

    const tooMuch = await api.post(pathOf(original, 'captures'), { amount: 4901 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text).toContain(
      'amount: must be between 1 minor unit and the amount still capturable of 49.00 EUR (4900 minor units)',
    );
    const rest = await api.post<Json>(pathOf(original, 'captures'), {});
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ amount: 4900, capture_of_order_id: original.id, status: 'completed' });

    const after = await get(original.id);
    expect(after.flags).toEqual(['is-test', 'has-captures']);
    expect(after.related_orders).toEqual([first.body.id, rest.body.id]);
    expect(after.transactions[0]).toMatchObject({ status: 'captured', is_capturable: false });
    await expectRefusedUnchanged(pathOf(original, 'captures'), 409, 'already_captured', {});
    await expectRefusedUnchanged(pathOf(original, 'voids'), 409, 'already_captured');
  });

  it('releases the rest with a final partial capture', async () => {
    const original = await authorize();
    const capture = await api.post<Json>(pathOf(original, 'captures'), { amount: 1000, final: true });
    expect(capture.status).toBe(201);
    expect((await get(original.id)).transactions[0]).toMatchObject({
      status: 'captured',
      is_capturable: false,
    });
    await expectRefusedUnchanged(pathOf(original, 'captures'), 409, 'already_captured', { amount: 1 });
    await expectRefusedUnchanged(pathOf(original, 'voids'), 409, 'already_captured');
    const refused = await api.post(`/v1/orders/${original.id}/refunds/`, { amount: 1001 });
    expect(refused.status).toBe(422);
    expect((await api.post(`/v1/orders/${original.id}/refunds/`, { amount: 1000 })).status).toBe(201);
  });

  it('voids what partial captures left, and keeps what they took refundable', async () => {
    const original = await authorize();
    await api.post(pathOf(original, 'captures'), { amount: 1500 });
    const voided = await api.post<Json>(pathOf(original, 'voids'));
    expect(voided.status).toBe(201);
    expect(voided.body).toMatchObject({ amount: 3500, void_of_order_id: original.id, status: 'completed' });
    expect(voided.body.transactions[0]).toMatchObject({ amount: 3500, credit_debit: 'credit' });
    const after = await get(original.id);
    expect(after.flags).toEqual(['is-test', 'has-captures', 'has-voids']);
    expect(after.transactions[0]).toMatchObject({ status: 'captured', is_capturable: false });
    await expectRefusedUnchanged(pathOf(original, 'captures'), 409, 'already_voided', {});
    expect((await api.post(`/v1/orders/${original.id}/refunds/`, { amount: 1501 })).status).toBe(422);
    expect((await api.post(`/v1/orders/${original.id}/refunds/`, { amount: 1500 })).status).toBe(201);
  });

  it('never lets racing captures exceed the authorization', async () => {
    const original = await authorize({ amount: 5000 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => api.post<Json>(pathOf(original, 'captures'), { amount: 1000 })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    // The fifth capture took everything left (final): the others find the authorization ended.
    expect(statuses.filter((status) => status !== 201)).toEqual([409, 409, 409]);
    const captured = await sql(
      app.databaseUrl,
      `select count(*)::int as n, sum(amount)::int as total from orders
        where related_order_id = $1 and kind = 'capture' and status = 'completed'`,
      [original.id],
    );
    expect(captured).toEqual([{ n: 5, total: 5000 }]);
    expect((await get(original.id)).transactions[0]).toMatchObject({
      status: 'captured',
      is_capturable: false,
    });
  });

  it('refuses to void or capture a payment that was not a pre-authorization (409)', async () => {
    const automatic = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
    await expectRefusedUnchanged(pathOf(automatic, 'voids'), 409, 'not_a_pre_authorization');
    await expectRefusedUnchanged(pathOf(automatic, 'captures'), 409, 'not_a_pre_authorization', {});
  });

  it('refuses to void a declined pre-authorization (409)', async () => {
    const declined = await authorize({ pan: TEST_CARDS.doNotHonour });
    expect(declined.transactions[0].is_capturable).toBe(false);
    await expectRefusedUnchanged(pathOf(declined, 'voids'), 409, 'not_capturable');
  });

  it("refuses another project's pre-authorization as not found (404)", async () => {
    const original = await authorize();
    const other = await seedProject(app, { name: 'Other shop' });
    const response = await restClient(app.baseUrl, other.apiKey).post(pathOf(original, 'voids'));
    expect(response.status).toBe(404);
    expect((await get(original.id)).transactions[0].is_capturable).toBe(true);
  });

  it('lets exactly one of a racing capture and void win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const original = await authorize();
      const [capture, voided] = await Promise.all([
        api.post(pathOf(original, 'captures'), {}),
        api.post(pathOf(original, 'voids')),
      ]);
      expect([capture.status, voided.status].sort()).toEqual([201, 409]);
      const after = await get(original.id);
      expect(after.related_orders).toHaveLength(1);
      const flags = after.flags.filter((flag: string) => flag !== 'is-test');
      expect(flags).toEqual([capture.status === 201 ? 'has-captures' : 'has-voids']);
    }
  });

  it('refuses a capture after the capture period with 409 authorization_expired', async () => {
    const original = await authorize();
    app.advanceClock(8 * 86_400_000);
    await expectRefusedUnchanged(pathOf(original, 'captures'), 409, 'authorization_expired', {});
    await expectRefusedUnchanged(pathOf(original, 'voids'), 409, 'authorization_expired');
  });

  it('captures and voids through the GraphQL mutations, returning both orders', async () => {
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    const toCapture = await authorize();
    const capture = await gql<any>(
      `mutation C($input: CaptureTransactionInput!) { captureTransaction(input: $input) {
        captureOrder { amount status relatedOrderId } order { flags relatedOrderIds transactions { isCapturable } }
        userErrors { code } } }`,
      {
        input: {
          orderId: toCapture.id,
          transactionId: toCapture.transactions[0].id,
          amount: 700,
          final: true,
        },
      },
    );
    expect(capture.data.captureTransaction).toEqual({
      captureOrder: { amount: 700, status: 'COMPLETED', relatedOrderId: toCapture.id },
      order: {
        flags: ['is-test', 'has-captures'],
        relatedOrderIds: [expect.any(String)],
        transactions: [{ isCapturable: false }],
      },
      userErrors: [],
    });

    const VOID = `mutation V($input: VoidTransactionInput!) { voidTransaction(input: $input) {
      voidOrder { status transactions { creditDebit voidOfTransactionId } } order { flags } userErrors { code } } }`;
    const toVoid = await authorize();
    const input = { orderId: toVoid.id, transactionId: toVoid.transactions[0].id };
    const voided = await gql<any>(VOID, { input });
    expect(voided.data.voidTransaction).toEqual({
      voidOrder: {
        status: 'COMPLETED',
        transactions: [{ creditDebit: 'CREDIT', voidOfTransactionId: toVoid.transactions[0].id }],
      },
      order: { flags: ['is-test', 'has-voids'] },
      userErrors: [],
    });
    const again = await gql<any>(VOID, { input });
    expect(again.data.voidTransaction).toEqual({
      voidOrder: null,
      order: null,
      userErrors: [{ code: 'already_voided' }],
    });
  });
});
