import { type SeededProject, seedProject } from '../factories/project.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertOrders } from './support.ts';

interface SearchBody {
  orders: Record<string, any>[];
  total: number;
  search_after: string | null;
  has_more: boolean;
}

interface ErrorBody {
  error: { status: number; type: string; value: string };
}

describe('order search over REST', () => {
  let app: TestApp;
  let shop: SeededProject;
  let otherShop: SeededProject;
  let api: RestClient;
  let ids: string[];

  beforeAll(async () => {
    app = await startTestApp();
    shop = await seedProject(app);
    otherShop = await seedProject(app, { name: 'Other shop' });
    api = restClient(app.baseUrl, shop.apiKey);
    ids = await insertOrders(app.databaseUrl, shop, [
      {
        merchantOrderId: 'A-1',
        description: 'Two concert tickets',
        currency: 'EUR',
        amount: 995,
        status: 'completed',
        createdAt: '2026-11-01T10:00:00.000Z',
        modifiedAt: '2026-11-01T10:05:00.000Z',
        completedAt: '2026-11-01T10:05:00.000Z',
        customer: { email_address: 'Jane@Example.com', merchant_customer_id: 'cust-1' },
        transactions: [
          { status: 'completed', brand: 'visa', details: { truncated_pan: '411111******1111' } },
        ],
      },
      {
        merchantOrderId: 'A-2',
        description: 'Hotel night',
        currency: 'JPY',
        amount: 12000,
        status: 'processing',
        createdAt: '2026-11-02T23:59:59.999Z',
        modifiedAt: '2026-11-04T08:00:00.000Z',
        transactions: [
          { status: 'declined', brand: 'mastercard' },
          { status: 'new', paymentMethod: 'wallet-a-pay' },
        ],
      },
      {
        merchantOrderId: 'A-3',
        description: 'T-shirt, limited edition',
        currency: 'KWD',
        amount: 1500,
        status: 'error',
        flags: ['is-test', 'is-refund'],
        createdAt: '2026-11-03T00:00:00.000Z',
        customer: { email_address: 'bob@example.com', merchant_customer_id: 'cust-2' },
        transactions: [{ status: 'declined', brand: 'amex' }],
      },
      {
        merchantOrderId: 'A-4',
        description: null,
        amount: 250,
        status: 'new',
        createdAt: '2026-11-05T12:00:00.000Z',
      },
      {
        merchantOrderId: 'B 5',
        description: '100% wool',
        currency: 'USD',
        amount: 100000,
        status: 'cancelled',
        createdAt: '2026-10-31T23:59:59.999Z',
      },
    ]);
    await insertOrders(app.databaseUrl, otherShop, [
      {
        merchantOrderId: 'A-1',
        description: 'Two concert tickets',
        status: 'completed',
        createdAt: '2026-11-01T10:00:00.000Z',
        completedAt: '2026-11-01T10:05:00.000Z',
        customer: { email_address: 'jane@example.com', merchant_customer_id: 'cust-1' },
        transactions: [{ status: 'completed', brand: 'visa' }],
      },
    ]);
  });
  afterAll(() => app.stop());

  const search = (body: unknown, path = '/v1/search/orders/') => api.post<SearchBody>(path, body);
  const found = async (query: string, extra: Record<string, unknown> = {}) => {
    const response = await search({ query, ...extra });
    expect(response.status).toBe(200);
    return response.body.orders.map((order) => order.merchant_order_id as string);
  };
  const refusal = async (body: unknown, path?: string) => {
    const response = await api.post<ErrorBody>(path ?? '/v1/search/orders/', body);
    expect(response.status).toBe(400);
    return response.body.error;
  };

  it('returns every order of the project for *, newest first, with the total and the next search_after', async () => {
    const response = await search({ query: '*' });
    expect(response.status).toBe(200);
    expect(response.body.orders.map((o) => o.merchant_order_id)).toEqual(['A-4', 'A-3', 'A-2', 'A-1', 'B 5']);
    expect(response.body.total).toBe(5);
    expect(response.body.has_more).toBe(false);
    expect(typeof response.body.search_after).toBe('string');
  });

  it('presents each order exactly as retrieving it does', async () => {
    const response = await search({ query: `id:${ids[1]}` });
    const retrieved = await api.get(`/v1/orders/${ids[1]}/`);
    expect(response.body.orders).toEqual([retrieved.body]);
    expect(response.body.orders[0]!.transactions).toHaveLength(2);
  });

  it.each([
    ['status:completed', ['A-1']],
    ['status:COMPLETED', ['A-1']],
    ['merchant_order_id:"B 5"', ['B 5']],
    ['merchant_order_id:A-2', ['A-2']],
    ['currency:jpy', ['A-2']],
    ['amount:995', ['A-1']],
    ['amount:[1000 TO 20000]', ['A-3', 'A-2']],
    ['amount:{995 TO 1500]', ['A-3']],
    ['amount:>=100000', ['B 5']],
    ['created:2026-11-02', ['A-2']],
    ['created:[2026-11-01 TO 2026-11-02]', ['A-2', 'A-1']],
    ['created:[2026-11-03 TO 2026-11-03]', ['A-3']],
    ['created:[2026-11-03 TO *]', ['A-4', 'A-3']],
    ['created:<2026-11-01', ['B 5']],
    ['modified:2026-11-04', ['A-2']],
    ['completed:2026-11-01', ['A-1']],
    ['flags:is-refund', ['A-3']],
    ['description:concert', ['A-1']],
    ['description:"T-shirt, LIMITED"', ['A-3']],
    ['description:"100%"', ['B 5']],
    ['transactions.status:declined', ['A-3', 'A-2']],
    ['transactions.payment_method:wallet-a-pay', ['A-2']],
    ['transactions.payment_method_brand:VISA', ['A-1']],
    ['customer.email_address:jane@example.com', ['A-1']],
    ['customer.merchant_customer_id:cust-2', ['A-3']],
    ['status:completed OR status:error', ['A-3', 'A-1']],
    ['currency:EUR AND NOT status:new', ['A-1']],
    ['(status:completed OR status:error) AND currency:KWD', ['A-3']],
    ['status:new OR status:error AND currency:KWD', ['A-4', 'A-3']],
    ['NOT description:concert', ['A-4', 'A-3', 'A-2', 'B 5']],
    ['-transactions.status:declined currency:EUR', ['A-4', 'A-1']],
  ])('finds %s', async (query, expected) => {
    expect(await found(query)).toEqual(expected);
  });

  it('finds nothing on the last day there is, and everything before it, as dates at the edge of the calendar', async () => {
    expect(await found('created:9999-12-31')).toEqual([]);
    expect(await found('completed:[2026-01-01 TO 9999-12-31]')).toEqual(['A-1']);
    expect((await found('created:<=9999-12-31')).length).toBeGreaterThan(1);
  });

  it('treats the query text as data, never as SQL', async () => {
    expect(await found(`merchant_order_id:"A-1' OR '1'='1"`)).toEqual([]);
    expect(await found('description:"_"')).toEqual([]);
  });

  it.each([
    ['created asc', ['B 5', 'A-1', 'A-2', 'A-3', 'A-4']],
    ['amount desc', ['B 5', 'A-2', 'A-3', 'A-1', 'A-4']],
    ['modified desc', ['A-4', 'A-2', 'A-3', 'A-1', 'B 5']],
    ['completed desc', ['A-1']],
  ])('sorts by %s', async (sort, expected) => {
    const orders = await found('*', { sort });
    expect(orders.slice(0, expected.length)).toEqual(expected);
  });

  it('puts orders that never completed last when sorting by completed', async () => {
    const orders = await found('*', { sort: 'completed asc' });
    expect(orders[0]).toBe('A-1');
    expect(orders).toHaveLength(5);
  });

  it('pages simply with start and size', async () => {
    const response = await search({ query: '*', sort: 'created asc', start: 1, size: 2 });
    expect(response.body.orders.map((o) => o.merchant_order_id)).toEqual(['A-1', 'A-2']);
    expect(response.body.total).toBe(5);
    expect(response.body.has_more).toBe(true);
  });

  it("never shows another project's orders", async () => {
    const all = await search({ query: '*', size: 100 });
    expect(all.body.orders.every((order) => order.project_id === shop.projectId)).toBe(true);
    expect(all.body.total).toBe(5);
    expect(await found('customer.merchant_customer_id:cust-1')).toEqual(['A-1']);

    const other = await restClient(app.baseUrl, otherShop.apiKey).post<SearchBody>('/v1/search/orders/', {
      query: `id:${ids[0]}`,
    });
    expect(other.body).toMatchObject({ orders: [], total: 0, search_after: null, has_more: false });
  });

  it('returns an empty page with total 0 when nothing matches', async () => {
    const response = await search({ query: 'status:expired' });
    expect(response.body).toEqual({ orders: [], total: 0, search_after: null, has_more: false });
  });

  it.each([
    [{ query: 'colour:red' }, 'unknown_field', 'query: Unknown field "colour" at position 0'],
    [{ query: 'status:completed AND' }, 'syntax_error', 'at position 20'],
    [{ query: 'status:new)' }, 'syntax_error', 'unexpected ")" at position 10'],
    [{ query: 'created:2026-02-30' }, 'invalid_value', '"2026-02-30" is not a valid date at position 8'],
    [{ query: 'created:[2026-11-05 TO 2026-11-01]' }, 'invalid_range', 'is empty at position 8'],
    [
      { query: 'amount:[1 TO x]' },
      'invalid_value',
      'Amount "x" is not a non-negative integer at position 13',
    ],
    [{ query: '' }, 'empty_query', 'use * to match every order'],
    [{ query: '*', sort: 'colour asc' }, 'invalid_sort', 'sort "colour asc" is not valid'],
    [{ query: '*', size: 0 }, 'invalid_paging', 'size must be an integer >= 1'],
    [{ query: '*', size: 2.5 }, 'invalid_paging', 'size must be an integer >= 1'],
    [{ query: '*', size: 1001 }, 'invalid_paging', 'larger than the maximum of 1000'],
    [{ query: '*', start: -1 }, 'invalid_paging', 'start must be an integer >= 0'],
    [
      { query: '*', start: 1, search_after: '-1' },
      'invalid_paging',
      'start and search_after cannot be combined',
    ],
    [{ query: '*', search_after: 'garbage' }, 'invalid_cursor', 'search_after is not a cursor'],
  ])('refuses %j with a 400 %s', async (body, type, message) => {
    const error = await refusal(body);
    expect(error.type).toBe(type);
    expect(error.value).toContain(message);
  });

  it('requires a query and refuses unknown body fields', async () => {
    expect((await refusal({ size: 5 })).value).toContain('query: is required');
    expect((await refusal({ query: '*', searchAfter: '-1' })).value).toContain(
      'unknown field(s): searchAfter',
    );
  });

  it('refuses a format other than csv', async () => {
    const error = await refusal({ query: '*' }, '/v1/search/orders/?format=xml');
    expect(error.value).toContain('format: "xml" is not a report format');
  });

  it('requires the API key', async () => {
    const response = await restClient(app.baseUrl).post('/v1/search/orders/', { query: '*' });
    expect(response.status).toBe(401);
  });
});
