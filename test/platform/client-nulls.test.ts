import {
  createCardOrder,
  payOwnCheckoutOrder,
  storeCard,
  TEST_CARDS,
  TEST_CVC,
  TEST_EXPIRY,
  vaultUrlOf,
} from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createWalletOrder } from '../wallets/support.ts';

type Json = Record<string, any>;

/**
 * Every REST write with a JSON body, sent a body as the merchants' clients write it: ginger-python sends a
 * dict's `None` as `null`, PHP plugins build arrays with null values and `json_encode([])` writes an empty map
 * as `[]`. An optional field sent as null reads as left out, `extra` or `client` sent as `[]` as `{}`; a null
 * that means something (an update's "remove this field") keeps its meaning. (Order create:
 * test/orders/validation.test.ts.)
 */
describe('REST bodies as ginger-python and the PHP plugins write them', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let anonymous: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    anonymous = restClient(app.baseUrl);
  });
  afterAll(() => app.stop());

  const paid = (options: Json = {}) => payOwnCheckoutOrder(app.baseUrl, project.apiKey, options);
  const transactionPath = (order: Json, operation: string) =>
    `/v1/orders/${order.id}/transactions/${order.transactions[0].id}/${operation}/`;

  it('updates an order from a PHP array: nulls left out, extra [] stored as {}, and null still removes a field', async () => {
    const created = await api.post<Json>('/v1/orders/', {
      amount: 1500,
      currency: 'EUR',
      description: 'Two bottles',
      merchant_order_id: 'shop-1',
      expiration_period: 'PT1H',
      customer: { first_name: 'Jane', last_name: 'Doe' },
      extra: { cart: 'A1' },
    });
    expect(created.status).toBe(201);

    const { status, body, text } = await api.call<Json>('PUT', `/v1/orders/${created.body.id}/`, {
      description: 'Three bottles',
      merchant_order_id: null,
      expiration_period: null,
      status: null,
      customer: { first_name: 'Jane', last_name: null, email_address: null },
      extra: [],
      client: [],
    });

    expect({ status, text }).toMatchObject({ status: 200 });
    expect(body).toMatchObject({ description: 'Three bottles', expiration_period: 'PT1H', status: 'new' });
    expect(body).not.toHaveProperty('merchant_order_id');
    expect(body.customer).toMatchObject({ first_name: 'Jane' });
    expect(body.customer).not.toHaveProperty('last_name');
    expect(body.extra).toEqual({});
  });

  it('refunds with description, merchant_order_id and transaction_id sent as null and extra as []', async () => {
    const original = await paid({ amount: 1000, order: { description: 'Two tickets' } });

    const { status, body, text } = await api.post<Json>(`/v1/orders/${original.id}/refunds/`, {
      amount: 300,
      description: null,
      merchant_order_id: null,
      transaction_id: null,
      extra: [],
      order_lines: null,
    });

    expect({ status, text }).toMatchObject({ status: 201 });
    expect(body).toMatchObject({ amount: 300, description: 'Two tickets', refund_of_order_id: original.id });
    expect(body).not.toHaveProperty('merchant_order_id');
  });

  it('captures everything authorized when amount and final are sent as null', async () => {
    const original = await paid({ captureMode: 'manual', amount: 5000 });

    const { status, body, text } = await api.post<Json>(transactionPath(original, 'captures'), {
      amount: null,
      final: null,
    });

    expect({ status, text }).toMatchObject({ status: 201 });
    expect(body).toMatchObject({ amount: 5000, capture_of_order_id: original.id });
  });

  it('authenticates without external 3-D Secure when its values are sent as null', async () => {
    const order = await createCardOrder(app.baseUrl, project.apiKey);
    const transaction = order.transactions[0];
    const card = await storeCard(app, project.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
    });

    const { status, text } = await api.post<Json>(transactionPath(order, 'authenticate'), {
      vault_token: card.body.vault_token,
      cvc: TEST_CVC,
      cavv: null,
      '3ds_version': null,
      '3ds_method_used': null,
      ds_transaction_id: null,
    });

    expect({ status, text }).toMatchObject({ status: 200 });
  });

  it('stores a card whose name is sent as null', async () => {
    const order = await createCardOrder(app.baseUrl, project.apiKey);

    const { status, body, text } = await restClient(vaultUrlOf(app), project.apiKey).post<Json>(
      '/v1/cards/',
      {
        setup_token: order.transactions[0].payment_method_details.setup_token,
        pan: TEST_CARDS.visa,
        expiry: TEST_EXPIRY,
        name: null,
      },
    );

    expect({ status, text }).toMatchObject({ status: 201 });
    expect(body.truncated_pan).toMatch(/1111$/);
  });

  it('creates a payment link with its optional fields sent as null', async () => {
    const { status, body, text } = await api.post<Json>('/v1/payment-links/', {
      amount: 1250,
      currency: 'EUR',
      description: null,
      merchant_order_id: null,
      return_url: null,
      failure_url: null,
      payment_methods: null,
      expires: null,
      single_use: null,
    });

    expect({ status, text }).toMatchObject({ status: 201 });
    expect(body).not.toHaveProperty('description');
  });

  it('searches with exact_total sent as null', async () => {
    const { status, text } = await api.post<Json>('/v1/search/orders/', {
      query: '*',
      exact_total: null,
      size: null,
      sort: null,
    });

    expect({ status, text }).toMatchObject({ status: 200 });
  });

  it('executes wallet payments whose cryptogram, ECI and browser details are sent as null', async () => {
    for (const method of ['wallet-a-pay', 'wallet-b-pay'] as const) {
      const order = await createWalletOrder(app, project.apiKey, method);
      const card = await storeCard(app, project.apiKey, { setupToken: order.setupToken });
      const body =
        method === 'wallet-a-pay'
          ? { vault_token: card.body.vault_token, online_payment_cryptogram: null, eci_indicator: null }
          : {
              vaultToken: card.body.vault_token,
              cryptogram: null,
              eciIndicator: null,
              browser_info_screen_width: null,
              browser_info_user_agent: null,
              browser_info_java_enabled: null,
            };

      const executed = await anonymous.post<Json>(
        `/pay/${order.orderId}/select-payment-method/${method}/${order.transactionId}/`,
        body,
      );

      expect({ method, status: executed.status, text: executed.text }).toMatchObject({ method, status: 200 });
      expect(executed.body).toMatchObject({ is_successful: true, reason: 'none' });
    }
  });

  it('signs in to the portal with project_id sent as null', async () => {
    const user = await seedUser(app, project.projectId);

    const response = await fetch(`${app.baseUrl}/portal/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, project_id: null }),
    });

    expect({ status: response.status, text: await response.text() }).toMatchObject({ status: 200 });
  });

  it('still refuses a required field sent as null, naming it', async () => {
    const original = await paid();

    const { status, text } = await api.post<Json>(`/v1/orders/${original.id}/refunds/`, { amount: null });

    expect(status).toBe(400);
    expect(text).toContain('amount');
  });

  it('keeps the nulls inside the merchant’s own extra as sent', async () => {
    const original = await paid();

    const { status, body } = await api.post<Json>(`/v1/orders/${original.id}/refunds/`, {
      amount: 100,
      extra: { reason: 'damaged', ticket: null },
    });

    expect(status).toBe(201);
    expect(body.extra).toEqual({ reason: 'damaged', ticket: null });
  });
});
