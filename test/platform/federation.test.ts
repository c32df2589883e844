import { ApolloGateway, IntrospectAndCompose, RemoteGraphQLDataSource } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { buildOrder } from '../factories/order.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The payments graph as a Federation 2 subgraph, composed by a real gateway (@apollo/gateway with
 * IntrospectAndCompose) with a small commerce subgraph of the test's own: a `Shop` whose `orders` reference our
 * `Order` by id. The gateway forwards the caller's API key to both.
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

    const gateway = new ApolloGateway({
      supergraphSdl: new IntrospectAndCompose({
        subgraphs: [
          { name: 'payments', url: `${app.baseUrl}/graphql/subgraph` },
          { name: 'shops', url: shopsUrl },
        ],
        // Composing reads each subgraph's `_service { sdl }`, which needs an API key like any operation.
        introspectionHeaders: { authorization: basicAuth(apiKey) },
      }),
      buildService: ({ url }) =>
        new RemoteGraphQLDataSource<{ authorization?: string }>({
          url,
          willSendRequest({ request, context }) {
            if (context.authorization) request.http?.headers.set('authorization', context.authorization);
          },
        }),
    });
    const gatewayServer = new ApolloServer({ gateway: gateway as never });
    gatewayUrl = (
      await startStandaloneServer(gatewayServer, {
        listen: { port: 0, host: '127.0.0.1' },
        context: async ({ req }) => ({ authorization: req.headers.authorization }),
      })
    ).url;
    stops.push(() => gatewayServer.stop());
  }, 120_000);

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await app.stop();
  });

  async function viaGateway(query: string, key = apiKey) {
    const response = await fetch(gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth(key) },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as { data?: any; errors?: { message: string }[] };
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

    expect(answer.errors).toBeUndefined();
    expect(answer.data.shop).toEqual({
      name: 'Tulip shop',
      orders: [
        { id: paid.id, amount: 995, status: 'COMPLETED', transactions: [{ status: 'ACCEPTED' }] },
        { id: open.id, amount: 1250, status: 'NEW', transactions: [] },
        // Another project's order resolves to null, exactly like `node(id:)`.
        null,
      ],
    });
    // With the other project's key the same shop shows only that project's order.
    const other = await viaGateway('{ shop(id: "tulips") { orders { id status } } }', otherKey);
    expect(other.data.shop.orders).toEqual([null, null, { id: foreign.id, status: 'NEW' }]);
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
