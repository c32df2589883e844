import { buildOrder, buildOwnCheckoutOrder } from '../factories/order.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('orders over REST', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  it('creates a hosted-page order and answers 201 with the spec representation', async () => {
    const body = buildOrder({
      merchant_order_id: 'shop-1001',
      expiration_period: 'PT30M',
      webhook_url: 'https://shop.example/hooks',
      failure_url: 'https://shop.example/failed',
      payment_methods: ['credit-card'],
      customer: {
        email_address: 'jane@example.com',
        first_name: 'Jane',
        locale: 'nl',
        phone_numbers: ['+31600000000'],
      },
      client: { platform: 'shopware', version: '6.5' },
      extra: { basket: [{ sku: 'A1', qty: 2 }], note: 'gift' },
    });
    const { status, body: order } = await api.post('/v1/orders/', body);

    expect(status).toBe(201);
    expect(order.id).toMatch(UUID);
    expect(order).toMatchObject({
      project_id: project.projectId,
      merchant_id: project.merchantId,
      merchant_order_id: 'shop-1001',
      description: 'Two tickets',
      currency: 'EUR',
      amount: 995,
      status: 'new',
      flags: ['is-test'],
      expiration_period: 'PT30M',
      payment_methods: ['credit-card'],
      transactions: [],
      order_url: `${app.baseUrl}/pay/${order.id}/`,
      return_url: 'https://shop.example/return',
      failure_url: 'https://shop.example/failed',
      webhook_url: 'https://shop.example/hooks',
      customer: body.customer,
      client: body.client,
      extra: body.extra,
    });
    expect(order.created).toMatch(ISO);
    expect(order.modified).toMatch(ISO);
  });

  it('creates an own-checkout order whose single transaction carries a setup token and a new event', async () => {
    const { status, body: order } = await api.post<Record<string, any>>(
      '/v1/orders',
      buildOwnCheckoutOrder(),
    );
    expect(status).toBe(201);
    expect(order.transactions).toHaveLength(1);
    const [transaction] = order.transactions;
    expect(transaction).toMatchObject({
      order_id: order.id,
      amount: 995,
      currency: 'EUR',
      payment_method: 'credit-card',
      status: 'new',
      is_capturable: false,
    });
    expect(transaction.id).toMatch(UUID);
    expect(transaction.payment_method_details.setup_token).toMatch(UUID);
    expect(transaction.events).toEqual([
      {
        event: 'new',
        id: expect.stringMatching(UUID),
        occurred: expect.stringMatching(ISO),
        source: 'set_status',
      },
    ]);
  });

  it('gives wallet transactions a setup token too', async () => {
    for (const method of ['wallet-a-pay', 'wallet-b-pay']) {
      const { body: order } = await api.post<Record<string, any>>(
        '/v1/orders/',
        buildOwnCheckoutOrder(method),
      );
      expect(order.transactions[0].payment_method_details.setup_token).toMatch(UUID);
    }
  });

  it('retrieves an order with all its transactions, with and without the trailing slash', async () => {
    const { body: created } = await api.post('/v1/orders/', buildOwnCheckoutOrder());
    const withSlash = await api.get(`/v1/orders/${created.id}/`);
    const withoutSlash = await api.get(`/v1/orders/${created.id}`);
    expect(withSlash.status).toBe(200);
    expect(withoutSlash.status).toBe(200);
    expect(withSlash.body).toEqual(created);
    expect(withoutSlash.body).toEqual(created);
  });

  it('never redirects between the slash and no-slash forms', async () => {
    const response = await api.post('/v1/orders', buildOrder());
    expect(response.status).toBe(201);
    // A 201's Location names the order it created (issue 17.4), never a slash variant of the request path.
    expect(response.headers.get('location')).toBe(`${app.baseUrl}/v1/orders/${response.body.id}/`);
  });

  it('answers 404 for a missing order and for an id that is not a uuid', async () => {
    const missing = await api.get('/v1/orders/00000000-0000-4000-8000-000000000000/');
    const malformed = await api.get('/v1/orders/not-a-uuid/');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { status: 404, type: 'not_found', value: 'Order not found' } });
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(missing.body);
  });

  it("answers 404 for another project's order, exactly as for a missing one", async () => {
    const other = await seedProject(app, { name: 'Other shop' });
    const { body: foreign } = await restClient(app.baseUrl, other.apiKey).post('/v1/orders/', buildOrder());
    const response = await api.get(`/v1/orders/${foreign.id}/`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { status: 404, type: 'not_found', value: 'Order not found' } });
  });

  it('flags nothing as a test on a live project', async () => {
    const live = await seedProject(app, { mode: 'live' });
    const { body: order } = await restClient(app.baseUrl, live.apiKey).post('/v1/orders/', buildOrder());
    expect(order.flags).toEqual([]);
  });

  it('stores the order, its transaction, the event and the outbox entries in the database', async () => {
    const { body: order } = await api.post<Record<string, any>>('/v1/orders/', buildOwnCheckoutOrder());
    const [row] = await sql(app.databaseUrl, 'select amount, currency, status from orders where id = $1', [
      order.id,
    ]);
    expect(row).toEqual({ amount: '995', currency: 'EUR', status: 'new' });
    const events = await sql(
      app.databaseUrl,
      'select event, source from transaction_events where transaction_id = $1',
      [order.transactions[0].id],
    );
    expect(events).toEqual([{ event: 'new', source: 'set_status' }]);
    const outbox = await sql(
      app.databaseUrl,
      'select type, to_status from outbox_events where order_id = $1 order by id',
      [order.id],
    );
    expect(outbox).toEqual([
      { type: 'order.created', to_status: 'new' },
      { type: 'transaction.status_changed', to_status: 'new' },
    ]);
  });

  it('writes one log line per request with its id, route, status and duration', async () => {
    await api.get('/v1/orders/00000000-0000-4000-8000-000000000000/', { 'x-request-id': 'trace-me-42' });
    const line = app.logs
      .map((l) => JSON.parse(l))
      .find((l) => l.reqId === 'trace-me-42' && l.msg === 'request');
    expect(line).toMatchObject({ route: '/v1/orders/:orderId/', status: 404, method: 'GET' });
    expect(typeof line.durationMs).toBe('number');
    expect(app.logs.join('')).not.toContain(project.apiKey);
  });
});
