import { buildOrder } from '../factories/order.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { liveClient } from '../helpers/graphql-ws.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

const BROKEN = 'query BrokenOrder($id: ID!) { order(id: $id) { id status } }';

/** An order whose stored status the API cannot represent: reading it is an internal error, not the caller's. */
async function brokenOrder(app: TestApp, project: SeededProject): Promise<string> {
  const order = await restClient(app.baseUrl, project.apiKey).post<Json>('/v1/orders/', buildOrder());
  await sql(app.databaseUrl, `update orders set status = 'unheard-of' where id = $1`, [order.body.id]);
  return order.body.id;
}

const logLines = (app: TestApp) => app.logs.map((line) => JSON.parse(line) as Json);
const internalErrorLines = (app: TestApp) =>
  logLines(app).filter((line) => line.msg === 'graphql internal error');

describe('GraphQL internal errors', () => {
  let app: TestApp;
  let project: SeededProject;
  let orderId: string;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    orderId = await brokenOrder(app, project);
  });
  afterAll(() => app.stop());

  it('are logged once over HTTP, with the request id and the operation name, never the variables', async () => {
    const before = internalErrorLines(app).length;
    const response = await graphqlClient(app.baseUrl, project.apiKey)(
      BROKEN,
      { id: orderId },
      { 'x-request-id': 'broken-order-1' },
    );
    expect(response.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    const logged = internalErrorLines(app).slice(before);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 50,
        reqId: 'broken-order-1',
        operationName: 'BrokenOrder',
        path: 'order.status',
        err: expect.objectContaining({ message: expect.stringContaining('OrderStatus') }),
      }),
    ]);
    expect(JSON.stringify(logged)).not.toContain(orderId);
  });

  it('carry no stack trace in the response', async () => {
    const response = await graphqlClient(app.baseUrl, project.apiKey)(BROKEN, { id: orderId });
    expect(response.errors?.[0]?.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expect(JSON.stringify(response)).not.toMatch(/stacktrace|\.ts:\d+|node_modules/);
  });

  it('are logged once over WebSocket, with the connection and operation ids', async () => {
    const before = internalErrorLines(app).length;
    const live = liveClient(app.baseUrl, { apiKey: project.apiKey });
    try {
      await live.connected;
      const result = live.subscribe(BROKEN, { id: orderId });
      await result.waitFor(1);
      expect(result.errors).toEqual([expect.objectContaining({ path: ['order', 'status'] })]);
      expect(JSON.stringify(result.errors)).not.toMatch(/stacktrace|\.ts:\d+/);
    } finally {
      await live.dispose();
    }
    const logged = internalErrorLines(app).slice(before);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 50,
        reqId: expect.any(String),
        operationId: expect.any(String),
        operationName: 'BrokenOrder',
        path: 'order.status',
      }),
    ]);
    expect(JSON.stringify(logged)).not.toContain(orderId);
  });

  it("are not confused with the caller's mistakes: syntax, validation and userErrors log nothing", async () => {
    const before = internalErrorLines(app).length;
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    expect((await gql('query { order(id: ')).errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect((await gql('query { order { id } }')).errors?.[0]?.extensions?.code).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
    const refused = await gql<{ createOrder: Json }>(
      'mutation { createOrder(input: {amount: -1, currency: "EUR"}) { order { id } userErrors { field } } }',
    );
    expect(refused.data?.createOrder.userErrors).toEqual([{ field: 'amount' }]);
    expect(internalErrorLines(app).slice(before)).toEqual([]);
  });
});

describe('GRAPHQL_DEBUG=true', () => {
  let app: TestApp;
  let project: SeededProject;

  beforeAll(async () => {
    app = await startTestApp({ GRAPHQL_DEBUG: 'true' });
    project = await seedProject(app);
  });
  afterAll(() => app.stop());

  it('puts the stack trace into the error response, for debugging', async () => {
    const orderId = await brokenOrder(app, project);
    const response = await graphqlClient(app.baseUrl, project.apiKey)(BROKEN, { id: orderId });
    expect(response.errors?.[0]?.extensions?.stacktrace).toEqual(
      expect.arrayContaining([expect.any(String)]),
    );
  });
});
