import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('create-order validation', () => {
  let app: TestApp;
  let api: RestClient;
  let projectId: string;

  beforeAll(async () => {
    app = await startTestApp();
    const project = await seedProject(app);
    projectId = project.projectId;
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const orderCount = async () =>
    Number(
      (
        await sql(app.databaseUrl, 'select count(*)::int as n from orders where project_id = $1', [projectId])
      )[0]!.n,
    );

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['a fractional amount', { amount: 9.95 }, /amount: must be an integer/],
    ['a negative amount', { amount: -1 }, /amount: must be >= 0/],
    ['an amount as a string', { amount: '995' }, /amount/],
    ['an absurdly large amount', { amount: 1e15 }, /amount: must be <=/],
    ['a missing amount', { amount: undefined }, /amount/],
    ['a lower-case currency', { currency: 'eur' }, /currency: must be a three-letter upper-case/],
    ['a currency that is not ISO 4217', { currency: 'XYZ' }, /currency: is not an ISO 4217 currency/],
    [
      'a non-http return_url',
      { return_url: 'javascript:alert(1)' },
      /return_url: must be an absolute http or https URL/,
    ],
    ['a relative failure_url', { failure_url: '/failed' }, /failure_url/],
    [
      // A header holding its origin (the pages' Content-Security-Policy) would split at the comma or semicolon.
      'a return_url whose host no DNS name could be',
      { return_url: 'https://a,b;c.example/return' },
      /return_url: must be an absolute http or https URL/,
    ],
    ['a malformed webhook_url', { webhook_url: 'not a url' }, /webhook_url/],
    [
      'a bad expiration_period',
      { expiration_period: 'one hour' },
      /expiration_period: must be a positive ISO 8601 duration/,
    ],
    [
      'an expiration_period over 31 days',
      { expiration_period: 'P40D' },
      /expiration_period: must not exceed 31 days/,
    ],
    ['an unknown payment method', { payment_methods: ['bitcoin'] }, /payment_methods.0/],
    [
      'a payment method named twice',
      { payment_methods: ['ideal', 'credit-card', 'ideal'] },
      /payment_methods: must name each method at most once/,
    ],
    [
      'thousands of payment methods',
      { payment_methods: Array(30_000).fill('ideal') },
      /payment_methods: must name each method at most once/,
    ],
    [
      'an unknown transaction payment method',
      { transactions: [{ payment_method: 'cash' }] },
      /transactions.0.payment_method/,
    ],
    [
      'two transactions at creation',
      { transactions: [{ payment_method: 'credit-card' }, { payment_method: 'credit-card' }] },
      /at most one transaction/,
    ],
    ['an unknown top-level field', { amout: 100 }, /unknown field\(s\): amout/],
    ['an unknown customer field', { customer: { shoe_size: 44 } }, /customer.shoe_size/],
    ['a bad customer e-mail', { customer: { email_address: 'nope' } }, /customer.email_address/],
    ['extra that is not an object', { extra: 'text' }, /extra/],
  ];

  it.each(refusals)(
    'refuses %s with a 400 and the error body, writing nothing',
    async (_name, override, message) => {
      const before = await orderCount();
      const body = buildOrder(override);
      const { status, body: error } = await api.post<{ error: Record<string, unknown> }>('/v1/orders/', body);
      expect(status).toBe(400);
      expect(error.error.status).toBe(400);
      expect(error.error.type).toBe('invalid_request');
      expect(error.error.value).toMatch(message);
      expect(await orderCount()).toBe(before);
    },
  );

  it('accepts an amount of 0 for a card verification', async () => {
    const { status } = await api.post('/v1/orders/', buildOrder({ amount: 0 }));
    expect(status).toBe(201);
  });

  it('reads an optional field sent as null as left out, and an empty extra written as [] as {}, as PHP and Python clients send them', async () => {
    const { status, body } = await api.post<Record<string, any>>('/v1/orders/', {
      amount: 100,
      currency: 'EUR',
      description: null,
      merchant_order_id: null,
      return_url: null,
      customer: { first_name: 'Jane', last_name: null, email_address: null },
      extra: [],
      client: { plugin: 'shop 1.2', build: null },
    });
    expect(status).toBe(201);
    expect(body).not.toHaveProperty('description');
    expect(body).not.toHaveProperty('merchant_order_id');
    expect(body.customer).toMatchObject({ first_name: 'Jane' });
    expect(body.customer).not.toHaveProperty('last_name');
    // The merchant's own JSON keeps its nulls.
    expect(body.client).toEqual({ plugin: 'shop 1.2', build: null });
    expect((await api.get(`/v1/orders/${body.id}/`)).body).toEqual(body);
  });

  it('accepts currencies without minor units and with three', async () => {
    expect((await api.post('/v1/orders/', buildOrder({ currency: 'JPY', amount: 995 }))).status).toBe(201);
    expect((await api.post('/v1/orders/', buildOrder({ currency: 'KWD', amount: 995 }))).status).toBe(201);
  });

  it('answers malformed JSON with 400 malformed_json', async () => {
    const { status, body } = await api.post('/v1/orders/', '{"amount": 995,');
    expect(status).toBe(400);
    expect(body).toEqual({
      error: { status: 400, type: 'malformed_json', value: 'The request body is not valid JSON' },
    });
  });

  it('answers a wrong content type with 415', async () => {
    const { status, body } = await api.call('POST', '/v1/orders/', 'amount=995', {
      'content-type': 'text/plain',
    });
    expect(status).toBe(415);
    expect(body).toMatchObject({ error: { status: 415, type: 'unsupported_media_type' } });
  });

  it('refuses a JSON body that is not an object', async () => {
    const { status } = await api.post('/v1/orders/', '[1, 2]');
    expect(status).toBe(400);
  });
});

describe('webhook URLs of live projects', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it('refuses a plain-http webhook_url on a live project order, and accepts https', async () => {
    const live = await seedProject(app, { mode: 'live' });
    const api = restClient(app.baseUrl, live.apiKey);
    const refused = await api.post('/v1/orders/', buildOrder({ webhook_url: 'http://shop.example/hooks' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { value: 'webhook_url: live projects must use an https webhook URL' },
    });
    const accepted = await api.post('/v1/orders/', buildOrder({ webhook_url: 'https://shop.example/hooks' }));
    expect(accepted.status).toBe(201);
  });

  it('lets a test project use a plain-http webhook_url for a local receiver', async () => {
    const test = await seedProject(app, { mode: 'test' });
    const response = await restClient(app.baseUrl, test.apiKey).post(
      '/v1/orders/',
      buildOrder({ webhook_url: 'http://127.0.0.1:9999/hooks' }),
    );
    expect(response.status).toBe(201);
  });
});
