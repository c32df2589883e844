import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

const MATCHES = 10_050;

/**
 * A search's total is exact up to 10,000 matches and a lower bound beyond, as search engines report it, unless
 * the caller asks for the exact count: counting every match is the costly part of a large search.
 */
describe('search totals beyond 10,000 matches', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    await sql(
      app.databaseUrl,
      `insert into orders (id, project_id, merchant_id, kind, currency, amount, status, flags, checkout,
         expiration_period, expires_at, created_at, modified_at)
       select gen_random_uuid(), $1, $2, 'payment', 'EUR', g, case when g <= 7 then 'completed' else 'new' end,
         array['is-test'], 'hosted', 'PT1H', now() + interval '1 hour', now() - g * interval '1 second', now()
       from generate_series(1, $3::int) g`,
      [project.projectId, project.merchantId, MATCHES],
    );
  });
  afterAll(() => app.stop());

  const search = (body: Json) => api.post<Json>('/v1/search/orders/', body);

  it('reports 10,000 as a lower bound ("total_relation": "gte") when more orders match', async () => {
    const { status, body } = await search({ query: '*', size: 2 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 10_000, total_relation: 'gte', has_more: true });
    expect(body.orders).toHaveLength(2);
  });

  it('counts every match on request, and leaves total_relation out of an exact total', async () => {
    const { body } = await search({ query: '*', size: 2, exact_total: true });
    expect(body.total).toBe(MATCHES);
    expect(body).not.toHaveProperty('total_relation');
  });

  it('is exact for results of up to 10,000 orders', async () => {
    const { body } = await search({ query: 'status:completed' });
    expect(body.total).toBe(7);
    expect(body).not.toHaveProperty('total_relation');
    const deep = await search({ query: 'amount:[1 TO 10000]', search_after: '-1', size: 1 });
    expect(deep.body.total).toBe(10_000);
    expect(deep.body).not.toHaveProperty('total_relation');
  });

  it('refuses an exact_total that is not a boolean', async () => {
    const { status, body } = await search({ query: '*', exact_total: 'yes' });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      type: 'invalid_request',
      value: 'exact_total: must be true or false',
    });
  });

  it('reports the same through GraphQL: totalCount with totalRelation, exact with exactTotal', async () => {
    const graphql = graphqlClient(app.baseUrl, project.apiKey);
    const response = await graphql<Json>(`{
      bounded: orders(first: 1) { totalCount totalRelation }
      exact: orders(first: 1, exactTotal: true) { totalCount totalRelation }
      small: orders(first: 1, query: "status:completed") { totalCount totalRelation }
    }`);
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({
      bounded: { totalCount: 10_000, totalRelation: 'GTE' },
      exact: { totalCount: MATCHES, totalRelation: 'EQ' },
      small: { totalCount: 7, totalRelation: 'EQ' },
    });
  });
});
