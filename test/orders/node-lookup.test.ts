import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { besidesAuthentication, statementLog } from '../helpers/statement-log.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

const NODE_FIELDS = `__typename id
  ... on Order { status amount transactions { id } }
  ... on Transaction { orderId transactionStatus: status events { event } }`;

/** Object identification: node(id:) and nodes(ids:) over real HTTP (issue 14, point 7). */
describe('node and nodes', () => {
  let app: TestApp;
  let project: SeededProject;
  let graphql: GraphQLClient;
  let order: Json;
  let otherOrder: Json;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    graphql = graphqlClient(app.baseUrl, project.apiKey);
    order = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
    const other = await seedProject(app, { name: 'Other shop' });
    otherOrder = await payOwnCheckoutOrder(app.baseUrl, other.apiKey);
  });
  afterAll(() => app.stop());

  const query = async (document: string, variables: Json) => {
    const response = await graphql<Json>(document, variables);
    expect(response.errors).toBeUndefined();
    return response.data!;
  };

  it('finds an order by its id', async () => {
    const { node } = await query(`query($id: ID!) { node(id: $id) { ${NODE_FIELDS} } }`, { id: order.id });
    expect(node).toEqual({
      __typename: 'Order',
      id: order.id,
      status: 'COMPLETED',
      amount: 995,
      transactions: [{ id: order.transactions[0].id }],
    });
  });

  it('finds a transaction by its id, with its events', async () => {
    const [transaction] = order.transactions;
    const { node } = await query(`query($id: ID!) { node(id: $id) { ${NODE_FIELDS} } }`, {
      id: transaction.id,
    });
    expect(node).toEqual({
      __typename: 'Transaction',
      id: transaction.id,
      orderId: order.id,
      transactionStatus: 'ACCEPTED',
      events: transaction.events.map((e: Json) => ({ event: e.event })),
    });
  });

  it("answers null for another project's object, an unknown id and a malformed one", async () => {
    const ids = [
      otherOrder.id,
      otherOrder.transactions[0].id,
      '5f1c0000-0000-4000-8000-000000000000',
      'nope',
    ];
    for (const id of ids) {
      expect(await query('query($id: ID!) { node(id: $id) { id } }', { id })).toEqual({ node: null });
    }
  });

  it('finds many objects of several types in order, one read per type', async () => {
    const log = await statementLog(app);
    const ids = [order.transactions[0].id, otherOrder.id, order.id, 'nope', order.id];
    let data: Json = {};
    const statements = await log.during(async () => {
      data = await query(`query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`, { ids });
    });
    expect(data.nodes).toEqual([
      { __typename: 'Transaction', id: order.transactions[0].id },
      null,
      { __typename: 'Order', id: order.id },
      null,
      { __typename: 'Order', id: order.id },
    ]);
    expect(
      besidesAuthentication(statements)
        .map((s) => s.replace(/: .*$/s, ''))
        .sort(),
    ).toEqual([
      // One read per type an API key may look up (keys and users are for signed-in users only: not read).
      'events.find_many',
      'orders.read_transaction_views',
      'orders.read_views_many',
      'payment_links.read_many',
      'webhooks.find_deliveries',
    ]);
  });

  it('charges every id asked for, whatever ids the same document asked for before', async () => {
    const document = 'query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Order { transactions { id } } } }';
    // Each node 1, its transactions 2 (assumed): 3 an id, before anything runs.
    const one = await graphql(document, { ids: [order.id] });
    expect(one.extensions?.cost).toMatchObject({ requestedQueryCost: 3, actualQueryCost: 2 });
    const hundred = await graphql(document, { ids: Array.from({ length: 100 }, () => order.id) });
    expect(hundred.extensions?.cost).toMatchObject({ requestedQueryCost: 300, actualQueryCost: 200 });
  });

  it('refuses more than 100 ids', async () => {
    const ids = Array.from({ length: 101 }, () => order.id);
    const response = await graphql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    expect(response.errors?.[0]).toMatchObject({
      message: 'ids: at most 100 ids per call, got 101',
      extensions: { code: 'BAD_USER_INPUT', type: 'invalid_request', field: 'ids' },
    });
  });
});
