import { buildOrder } from '../factories/order.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const ORDER_FIELDS = `
  id projectId merchantId merchantOrderId description currency amount status flags created modified
  expirationPeriod paymentMethods orderUrl returnUrl failureUrl webhookUrl client extra refundedAmount
  customer { emailAddress firstName locale phoneNumbers }
  transactions {
    id orderId amount currency paymentMethod status isCapturable
    paymentMethodDetails { setupToken }
    events { id event source occurred }
  }
`;

describe('orders over GraphQL', () => {
  let app: TestApp;
  let project: SeededProject;
  let gql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    gql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const CREATE = `mutation Create($input: CreateOrderInput!) {
    createOrder(input: $input) { order { ${ORDER_FIELDS} } userErrors { field code message } }
  }`;

  it('creates an own-checkout order through the same command as REST and returns the same data', async () => {
    const { data } = await gql<{ createOrder: { order: Record<string, any>; userErrors: unknown[] } }>(
      CREATE,
      {
        input: {
          merchantOrderId: 'gql-1',
          amount: 2500,
          currency: 'EUR',
          description: 'Dashboard order',
          returnUrl: 'https://shop.example/return',
          paymentMethods: ['CREDIT_CARD', 'WALLET_B_PAY'],
          transactions: [{ paymentMethod: 'CREDIT_CARD' }],
          customer: {
            emailAddress: 'jane@example.com',
            firstName: 'Jane',
            locale: 'nl',
            phoneNumbers: ['+316'],
          },
          extra: { cart: 7 },
        },
      },
    );
    expect(data?.createOrder.userErrors).toEqual([]);
    const order = data!.createOrder.order;
    expect(order).toMatchObject({
      projectId: project.projectId,
      merchantOrderId: 'gql-1',
      amount: 2500,
      currency: 'EUR',
      status: 'NEW',
      flags: ['is-test'],
      paymentMethods: ['CREDIT_CARD', 'WALLET_B_PAY'],
      orderUrl: `${app.baseUrl}/pay/${order.id}/`,
      extra: { cart: 7 },
      refundedAmount: 0,
      customer: { emailAddress: 'jane@example.com', firstName: 'Jane', locale: 'nl', phoneNumbers: ['+316'] },
    });
    expect(order.transactions[0]).toMatchObject({
      paymentMethod: 'CREDIT_CARD',
      status: 'NEW',
      isCapturable: false,
    });
    expect(order.transactions[0].events[0]).toMatchObject({ event: 'new', source: 'set_status' });

    const rest = await restClient(app.baseUrl, project.apiKey).get<Record<string, any>>(
      `/v1/orders/${order.id}/`,
    );
    expect(rest.body.amount).toBe(order.amount);
    expect(rest.body.transactions[0].payment_method_details.setup_token).toBe(
      order.transactions[0].paymentMethodDetails.setupToken,
    );
    expect(rest.body.created).toBe(order.created);
  });

  it('reports bad input as userErrors with camelCase field paths and writes nothing', async () => {
    const before = await sql(app.databaseUrl, 'select count(*)::int as n from orders');
    const { data } = await gql<{ createOrder: { order: null; userErrors: Record<string, string>[] } }>(
      CREATE,
      {
        input: { amount: 100, currency: 'EUR', returnUrl: 'ftp://nope' },
      },
    );
    expect(data?.createOrder.order).toBeNull();
    expect(data?.createOrder.userErrors).toEqual([
      {
        field: 'returnUrl',
        code: 'invalid_request',
        message: 'returnUrl: must be an absolute http or https URL',
      },
    ]);
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from orders')).toEqual(before);
  });

  it('refuses two transactions at creation as a userError', async () => {
    const { data } = await gql<{ createOrder: { userErrors: Record<string, string>[] } }>(CREATE, {
      input: {
        amount: 100,
        currency: 'EUR',
        transactions: [{ paymentMethod: 'CREDIT_CARD' }, { paymentMethod: 'CREDIT_CARD' }],
      },
    });
    expect(data?.createOrder.userErrors[0]).toMatchObject({ field: 'transactions', code: 'invalid_request' });
  });

  it("reads one of the project's orders and returns null for another project's", async () => {
    const mine = await restClient(app.baseUrl, project.apiKey).post('/v1/orders/', buildOrder());
    const other = await seedProject(app);
    const theirs = await restClient(app.baseUrl, other.apiKey).post('/v1/orders/', buildOrder());
    const query = 'query One($id: ID!) { order(id: $id) { id amount status } }';
    expect((await gql(query, { id: mine.body.id })).data).toEqual({
      order: { id: mine.body.id, amount: 995, status: 'NEW' },
    });
    expect((await gql(query, { id: theirs.body.id })).data).toEqual({ order: null });
    expect((await gql(query, { id: 'not-a-uuid' })).data).toEqual({ order: null });
  });

  it('keeps Apollo CSRF prevention on for requests a browser could send cross-site', async () => {
    const response = await fetch(`${app.baseUrl}/graphql?query=${encodeURIComponent('{ project { id } }')}`, {
      headers: { authorization: `Basic ${Buffer.from(`${project.apiKey}:`).toString('base64')}` },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('CSRF');
  });

  it('updates the project webhook URL through updateProject, and refuses a bad one', async () => {
    const mutation = `mutation U($input: UpdateProjectInput!) {
      updateProject(input: $input) { project { webhookUrl } userErrors { field code message } }
    }`;
    const ok = await gql<{ updateProject: Record<string, any> }>(mutation, {
      input: { webhookUrl: 'https://shop.example/webhooks' },
    });
    expect(ok.data?.updateProject).toEqual({
      project: { webhookUrl: 'https://shop.example/webhooks' },
      userErrors: [],
    });
    const bad = await gql<{ updateProject: Record<string, any> }>(mutation, {
      input: { webhookUrl: 'nope' },
    });
    expect(bad.errors).toBeUndefined();
    expect(bad.data?.updateProject.project).toBeNull();
    expect(bad.data?.updateProject.userErrors[0]).toMatchObject({
      field: 'webhookUrl',
      code: 'invalid_request',
    });
    const [row] = await sql(app.databaseUrl, 'select webhook_url from projects where id = $1', [
      project.projectId,
    ]);
    expect(row!.webhook_url).toBe('https://shop.example/webhooks');
  });
});
