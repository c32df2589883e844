import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import httpTransport from '@graphql-mesh/transport-http';
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { buildOrder } from '../factories/order.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The payments graph as a Federation 2 subgraph, composed with a small commerce subgraph of the test's own (a
 * `Shop` whose `orders` reference our `Order` by id) and served by a real gateway: each subgraph's
 * `_service { sdl }` read with an API key, composed by @theguild/federation-composition, the supergraph served by
 * Hive Gateway (@graphql-hive/gateway-runtime), which forwards the caller's API key to both. (@apollo/gateway
 * would do as well, but pulls OpenTelemetry 1.x, whose peer range excludes our @opentelemetry/api.)
 */
const SHOPS_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key"])
  type Shop @key(fields: "id") {
    id: ID!
    name: String!
    orders: [Order]!
  }
  type Order @key(fields: "id", resolvable: false) {
    id: ID!
  }
  type Query {
    shop(id: ID!): Shop
  }
`;

describe('the payments subgraph in a supergraph', () => {
  let app: TestApp;
  let apiKey: string;
  let otherKey: string;
  const shops = new Map<string, { id: string; name: string; orderIds: string[] }>();
  const stops: (() => Promise<void>)[] = [];
  let gatewayUrl: string;

  beforeAll(async () => {
    app = await startTestApp();
    [apiKey, otherKey] = [(await seedProject(app)).apiKey, (await seedProject(app)).apiKey];

    const shopsServer = new ApolloServer({
      schema: buildSubgraphSchema({
        typeDefs: parse(SHOPS_SDL),
        resolvers: {
          Query: { shop: (_: unknown, { id }: { id: string }) => shops.get(id) ?? null },
          Shop: {
            orders: (shop: { orderIds: string[] }) =>
              shop.orderIds.map((id) => ({ __typename: 'Order', id })),
          },
        } as never,
      }),
    });
    const shopsUrl = (await startStandaloneServer(shopsServer, { listen: { port: 0, host: '127.0.0.1' } }))
      .url;
    stops.push(() => shopsServer.stop());

    // Composing reads each subgraph's `_service { sdl }`, which our subgraph answers only with an API key.
    const subgraphs = [
      { name: 'payments', url: `${app.baseUrl}/graphql/subgraph` },
      { name: 'shops', url: shopsUrl },
    ];
    const composed = composeServices(
      await Promise.all(
        subgraphs.map(async ({ name, url }) => ({
          name,
          url,
          typeDefs: parse(await serviceSdl(url, basicAuth(apiKey))),
        })),
      ),
    );
    if (composed.errors) throw new AggregateError(composed.errors, 'the supergraph does not compose');

    const gateway = createGatewayRuntime({
      supergraph: composed.supergraphSdl,
      // Named here rather than left to the runtime's import-by-convention, so the dependency is visible.
      transports: { http: httpTransport },
      propagateHeaders: {
        fromClientToSubgraphs: ({ request }) => ({ authorization: request.headers.get('authorization') }),
      },
      logging: false,
    });
    const gatewayServer = createServer(gateway);
    await new Promise<void>((resolve) => gatewayServer.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(gatewayServer.address() as { port: number }).port}/graphql`;
    stops.push(async () => {
      await new Promise<void>((resolve) => gatewayServer.close(() => resolve()));
      await gateway.dispose();
    });
  }, 120_000);

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await app.stop();
  });

  async function serviceSdl(url: string, authorization: string) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query: '{ _service { sdl } }' }),
    });
    return ((await response.json()) as { data: { _service: { sdl: string } } }).data._service.sdl;
  }

  async function viaGateway(query: string, key = apiKey) {
    const response = await fetch(gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth(key) },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as {
      data?: any;
      errors?: { message: string; path?: (string | number)[] }[];
    };
  }

  it('answers one query that crosses both subgraphs, with the API key forwarded', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, apiKey);
    const open = (
      await restClient(app.baseUrl, apiKey).post<{ id: string }>('/v1/orders/', buildOrder({ amount: 1250 }))
    ).body;
    const foreign = (
      await restClient(app.baseUrl, otherKey).post<{ id: string }>('/v1/orders/', buildOrder())
    ).body;
    shops.set('tulips', { id: 'tulips', name: 'Tulip shop', orderIds: [paid.id, open.id, foreign.id] });

    const answer = await viaGateway(
      '{ shop(id: "tulips") { name orders { id amount status transactions { status } } } }',
    );

    expect(answer.data.shop).toEqual({
      name: 'Tulip shop',
      orders: [
        { id: paid.id, amount: 995, status: 'COMPLETED', transactions: [{ status: 'ACCEPTED' }] },
        { id: open.id, amount: 1250, status: 'NEW', transactions: [] },
        // Another project's order resolves to null, exactly like `node(id:)`.
        null,
      ],
    });
    // The gateway reports that null as the one error, at the foreign order's own place: its fields, which the
    // schema says are never null, could not be read. Nothing else in the answer went wrong.
    expect(answer.errors?.map(({ path }) => path)).toEqual([['shop', 'orders', 2, 'amount']]);
    // With the other project's key the same shop shows only that project's order.
    const other = await viaGateway('{ shop(id: "tulips") { orders { id status } } }', otherKey);
    expect(other.data.shop.orders).toEqual([null, null, { id: foreign.id, status: 'NEW' }]);

    // And through the gateway another project's order answers exactly like one that does not exist.
    shops.set('ghosts', { id: 'ghosts', name: 'Ghost shop', orderIds: [foreign.id, randomUUID()] });
    const ghosts = await viaGateway('{ shop(id: "ghosts") { orders { id status } } }');
    expect(ghosts.data.shop.orders).toEqual([null, null]);
    const [foreignError, missingError, ...more] = ghosts.errors ?? [];
    expect(foreignError?.path).toEqual(['shop', 'orders', 0, 'status']);
    expect(missingError).toEqual({ ...foreignError, path: ['shop', 'orders', 1, 'status'] });
    expect(more).toEqual([]);
  });

  it("serves the subgraph SDL with the entity keys, and keeps /graphql's own schema as it was", async () => {
    const subgraph = await fetch(`${app.baseUrl}/graphql/subgraph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth(apiKey) },
      body: JSON.stringify({ query: '{ _service { sdl } }' }),
    });
    const { sdl } = ((await subgraph.json()) as { data: { _service: { sdl: string } } }).data._service;
    for (const type of ['Order', 'Transaction', 'Refund', 'PaymentLink']) {
      expect(sdl).toMatch(new RegExp(`type ${type}\\b[^{]*@key\\(fields: "id"\\)`));
    }
    expect(sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.9"');

    const direct = await graphqlClient(app.baseUrl, apiKey)('{ _service { sdl } }');
    expect(direct.status).toBe(400);
    expect(direct.errors?.[0]?.message).toContain('Cannot query field "_service"');
  });

  it('resolves references to refunds, transactions and payment links of the caller only', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, apiKey);
    const rest = restClient(app.baseUrl, apiKey);
    const refund = (await rest.post<{ id: string }>(`/v1/orders/${paid.id}/refunds/`, { amount: 100 })).body;
    const link = (await rest.post<{ id: string }>('/v1/payment-links/', { amount: 500, currency: 'EUR' }))
      .body;
    const representations = [
      { __typename: 'Refund', id: refund.id },
      { __typename: 'Refund', id: paid.id }, // an order, but not a refund
      { __typename: 'Transaction', id: paid.transactions[0].id },
      { __typename: 'PaymentLink', id: link.id },
      { __typename: 'Order', id: 'not-a-uuid' },
    ];
    const query = `query ($representations: [_Any!]!) { _entities(representations: $representations) {
      ... on Refund { amount status } ... on Transaction { transactionStatus: status } ... on PaymentLink { amount } } }`;
    const ask = (key: string) =>
      fetch(`${app.baseUrl}/graphql/subgraph`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basicAuth(key) },
        body: JSON.stringify({ query, variables: { representations } }),
      }).then((response) => response.json() as Promise<{ data: { _entities: unknown[] }; errors?: unknown }>);

    const own = await ask(apiKey);
    expect(own.errors).toBeUndefined();
    expect(own.data._entities).toEqual([
      { amount: 100, status: 'COMPLETED' },
      null,
      { transactionStatus: 'ACCEPTED' },
      { amount: 500 },
      null,
    ]);
    expect((await ask(otherKey)).data._entities).toEqual([null, null, null, null, null]);
  });
});
