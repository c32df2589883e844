import createClient from 'openapi-fetch';
import type { paths } from '../../src/generated/rest-api.ts';
import { TEST_CARDS, TEST_CVC, TEST_EXPIRY } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { basicAuth } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The client a merchant generates from /openapi.json (openapi-typescript types + openapi-fetch), as
 * `npm run codegen` generates it into src/generated/rest-api.ts. The calls below compile only while the
 * document names these paths, parameters and fields: `npm run typecheck` is half of this test.
 */
describe('a typed REST client generated from the OpenAPI document', () => {
  let app: TestApp;
  let api: ReturnType<typeof createClient<paths>>;

  beforeAll(async () => {
    app = await startTestApp();
    const { apiKey } = await seedProject(app);
    api = createClient<paths>({ baseUrl: app.baseUrl, headers: { authorization: basicAuth(apiKey) } });
  });
  afterAll(() => app?.stop());

  it('creates an order, pays it by card, refunds part of it and reads the refund back', async () => {
    const created = await api.POST('/v1/orders/', {
      params: { header: { 'Idempotency-Key': 'typed-client-order-1' } },
      body: {
        merchant_order_id: 'typed-4711',
        amount: 1500,
        currency: 'EUR',
        description: 'Two tulip bulbs',
        transactions: [{ payment_method: 'credit-card' }],
      },
    });
    expect(created.response.status).toBe(201);
    const order = created.data!;
    expect(created.response.headers.get('location')).toBe(`${app.baseUrl}/v1/orders/${order.id}/`);
    const transaction = order.transactions[0]!;
    const setupToken = transaction.payment_method_details.setup_token!;

    const stored = await api.POST('/vault/v1/cards/', {
      body: { setup_token: setupToken, pan: TEST_CARDS.visa, expiry: TEST_EXPIRY, name: 'Ada Lovelace' },
    });
    expect(stored.response.status).toBe(201);
    expect(stored.data!.truncated_pan).toBe('411111******1111');

    const authenticated = await api.POST(
      '/v1/orders/{order_id}/transactions/{transaction_id}/authenticate/',
      {
        params: { path: { order_id: order.id, transaction_id: transaction.id } },
        body: { vault_token: stored.data!.vault_token, cvc: TEST_CVC },
      },
    );
    expect(authenticated.response.status).toBe(200);
    expect(authenticated.data!.status).toBe('completed');

    const refunded = await api.POST('/v1/orders/{order_id}/refunds/', {
      params: { path: { order_id: order.id } },
      body: { amount: 500, description: 'One bulb returned' },
    });
    expect(refunded.response.status).toBe(201);
    expect(refunded.data).toMatchObject({ amount: 500, currency: 'EUR', refund_of_order_id: order.id });

    const refunds = await api.GET('/v1/orders/{order_id}/refunds/', {
      params: { path: { order_id: order.id } },
    });
    expect(refunds.data!.map((refund) => [refund.id, refund.amount])).toEqual([[refunded.data!.id, 500]]);
    const original = await api.GET('/v1/orders/{order_id}/', { params: { path: { order_id: order.id } } });
    expect(original.data!.refunded_amount).toBe(500);
  });

  it('hands a refused request back as the typed error body: an unpaid order, an invalid amount', async () => {
    const order = await api.POST('/v1/orders/', { body: { amount: 1500, currency: 'EUR' } });
    const refused = await api.POST('/v1/orders/{order_id}/refunds/', {
      params: { path: { order_id: order.data!.id } },
      body: { amount: 500 },
    });
    expect(refused.data).toBeUndefined();
    expect(refused.response.status).toBe(422);
    expect(refused.error!.error.type).toBe('order_not_paid');

    const invalid = await api.POST('/v1/orders/', { body: { amount: -1, currency: 'EUR' } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error!.error.fields?.map((field) => field.field)).toEqual(['amount']);
  });
});
