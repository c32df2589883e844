import { buildOrder } from '../factories/order.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertManyOrders } from './support.ts';

interface SearchBody {
  orders: { id: string; amount: number }[];
  total: number;
  search_after: string | null;
  has_more: boolean;
}

interface ErrorBody {
  error: { status: number; type: string; value: string };
}

const EXISTING = 2500;

describe('order search paging', () => {
  let app: TestApp;
  let shop: SeededProject;
  let api: RestClient;
  let existing: string[];

  beforeAll(async () => {
    app = await startTestApp();
    shop = await seedProject(app);
    api = restClient(app.baseUrl, shop.apiKey);
    // Five orders share each creation second and amounts repeat: only the id tiebreaker orders them fully.
    existing = await insertManyOrders(app.databaseUrl, shop, EXISTING, { tie: 5 });
  });
  afterAll(() => app.stop());

  const search = (body: Record<string, unknown>) => api.post<SearchBody>('/v1/search/orders/', body);

  /** Reads a whole paging run; `between` runs after each page (e.g. to insert orders meanwhile). */
  async function readAll(body: Record<string, unknown>, between: () => Promise<void> = async () => {}) {
    const seen: string[] = [];
    let searchAfter: string | null = '-1';
    for (let pages = 0; searchAfter !== null && pages < 1000; pages += 1) {
      const response = await search({ ...body, search_after: searchAfter });
      expect(response.status).toBe(200);
      seen.push(...response.body.orders.map((order) => order.id));
      searchAfter = response.body.has_more ? response.body.search_after : null;
      await between();
    }
    return seen;
  }

  it.each([['created desc'], ['created asc'], ['amount desc'], ['modified asc']])(
    'returns every existing order exactly once sorted by %s while new orders keep arriving',
    async (sort) => {
      let created = 0;
      const seen = await readAll({ query: '*', sort, size: 100 }, async () => {
        // Two new orders per page, at the current time and with amounts that land anywhere in an amount sort.
        created += 2;
        await Promise.all(
          [created - 1, created].map(async (number) => {
            const response = await api.post('/v1/orders/', buildOrder({ amount: 100 * (number % 13) }));
            expect(response.status).toBe(201);
          }),
        );
      });
      expect(created).toBeGreaterThanOrEqual(50);
      expect(new Set(seen).size).toBe(seen.length);
      const seenSet = new Set(seen);
      expect(existing.filter((id) => !seenSet.has(id))).toEqual([]);
    },
  );

  it('sorts ties by id so equal values never make a page skip or repeat an order', async () => {
    const seen = await readAll({
      query: 'merchant_order_id:bulk-1 OR amount:0',
      sort: 'amount asc',
      size: 7,
    });
    const all = await search({
      query: 'merchant_order_id:bulk-1 OR amount:0',
      sort: 'amount asc',
      size: 1000,
    });
    expect(seen).toEqual(all.body.orders.map((order) => order.id));
    expect(seen.length).toBeGreaterThan(100);
  });

  it('reports the total of the whole result on every page, not what remains', async () => {
    const first = await search({ query: 'amount:[0 TO 600]', size: 10, search_after: '-1' });
    const second = await search({
      query: 'amount:[0 TO 600]',
      size: 10,
      search_after: first.body.search_after,
    });
    expect(second.body.total).toBe(first.body.total);
    expect(first.body.total).toBeGreaterThan(20);
  });

  it('accepts -1 as a number for the first page', async () => {
    const response = await search({ query: '*', size: 3, search_after: -1 });
    expect(response.status).toBe(200);
    expect(response.body.orders).toHaveLength(3);
  });

  it('serves simple paging up to 10,000 results', async () => {
    const last = await search({ query: '*', start: 9990, size: 10 });
    expect(last.status).toBe(200);
    expect(last.body.orders).toEqual([]);
    const middle = await search({ query: '*', sort: 'created asc', start: 1000, size: 50 });
    const expected = await sql<{ id: string }>(
      app.databaseUrl,
      'select id from orders where project_id = $1 order by created_at, id offset 1000 limit 50',
      [shop.projectId],
    );
    expect(middle.body.orders.map((order) => order.id)).toEqual(expected.map((row) => row.id));
  });

  it('refuses simple paging beyond 10,000 results and points to search_after', async () => {
    for (const body of [
      { query: '*', start: 9991, size: 10 },
      { query: '*', start: 10_000 },
    ]) {
      const response = await api.post<ErrorBody>('/v1/search/orders/', body);
      expect(response.status).toBe(400);
      expect(response.body.error.type).toBe('invalid_paging');
      expect(response.body.error.value).toContain('simple paging reaches at most 10000 results');
      expect(response.body.error.value).toContain('use search_after');
    }
  });

  it('refuses start together with search_after', async () => {
    const response = await api.post<ErrorBody>('/v1/search/orders/', {
      query: '*',
      start: 0,
      search_after: '-1',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.value).toContain('start and search_after cannot be combined');
  });

  it('refuses a search_after from a run with another size or sort', async () => {
    const first = await search({ query: '*', sort: 'created asc', size: 20, search_after: '-1' });
    const cursor = first.body.search_after;
    for (const changed of [{ size: 21 }, { sort: 'created desc' }, { sort: 'amount asc' }]) {
      const response = await api.post<ErrorBody>('/v1/search/orders/', {
        query: '*',
        sort: 'created asc',
        size: 20,
        search_after: cursor,
        ...changed,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.type).toBe('cursor_mismatch');
      expect(response.body.error.value).toContain('keep sort and size identical within one paging run');
    }
  });

  it('refuses a tampered search_after', async () => {
    const first = await search({ query: '*', size: 20, search_after: '-1' });
    const payload = JSON.parse(Buffer.from(first.body.search_after!, 'base64url').toString('utf8'));
    payload.after[0] = "2026-01-01T00:00:00Z' or 1=1 --";
    const tampered = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const response = await api.post<ErrorBody>('/v1/search/orders/', {
      query: '*',
      size: 20,
      search_after: tampered,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.type).toBe('invalid_cursor');
  });
});
