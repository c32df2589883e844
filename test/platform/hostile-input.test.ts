import { buildOrder, buildOwnCheckoutOrder } from '../factories/order.ts';
import {
  createCardOrder,
  payOwnCheckoutOrder,
  storeCard,
  TEST_CARDS,
  TEST_CVC,
  TEST_EXPIRY,
} from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { basicAuth, type RestClient, restClient } from '../helpers/http.ts';
import { openPage } from '../helpers/pages.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

/** Each way a string can break what PostgreSQL stores (or store something other than what was sent). */
const HOSTILE = {
  NUL: 'before\u0000after',
  'a lone high surrogate': 'before\ud800after',
  'a lone low surrogate': 'before\udc00after',
} as const;

/** JSON nested `levels` deep, as text: `{"a":{"a":…1…}}`. */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Every field a create-order call stores, as REST and GraphQL name it. */
const ORDER_FIELDS: {
  rest: string;
  graphql: string;
  set: (value: string) => Json;
  setGraphQL: (value: string) => Json;
}[] = [
  ...[
    'description',
    'merchant_order_id',
    'expiration_period',
    'return_url',
    'failure_url',
    'webhook_url',
  ].map((field) => {
    const graphql = field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    // A URL otherwise well-formed: the URL parser would percent-encode the character, the stored text would not.
    const wrap = (v: string) => (field.endsWith('_url') ? `https://shop.example/${v}` : v);
    return {
      rest: field,
      graphql,
      set: (v: string) => ({ [field]: wrap(v) }),
      setGraphQL: (v: string) => ({ [graphql]: wrap(v) }),
    };
  }),
  ...[
    'merchant_customer_id',
    'email_address',
    'first_name',
    'last_name',
    'address',
    'postal_code',
    'city',
    'country',
    'locale',
    'ip_address',
  ].map((field) => {
    const graphql = field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    return {
      rest: `customer.${field}`,
      graphql: `customer.${graphql}`,
      set: (v: string) => ({ customer: { [field]: v } }),
      setGraphQL: (v: string) => ({ customer: { [graphql]: v } }),
    };
  }),
  {
    rest: 'customer.phone_numbers.0',
    graphql: 'customer.phoneNumbers.0',
    set: (v) => ({ customer: { phone_numbers: [v] } }),
    setGraphQL: (v) => ({ customer: { phoneNumbers: [v] } }),
  },
  {
    rest: 'transactions.0.payment_method_details.cardholder_name',
    graphql: 'transactions.0.paymentMethodDetails.cardholderName',
    set: (v) => ({
      transactions: [{ payment_method: 'credit-card', payment_method_details: { cardholder_name: v } }],
    }),
    setGraphQL: (v) => ({
      transactions: [{ paymentMethod: 'CREDIT_CARD', paymentMethodDetails: { cardholderName: v } }],
    }),
  },
  ...['extra', 'client'].flatMap((field) => [
    {
      rest: field,
      graphql: field,
      set: (v: string) => ({ [field]: { note: { text: v } } }),
      setGraphQL: (v: string) => ({ [field]: { note: { text: v } } }),
    },
    {
      rest: field,
      graphql: field,
      set: (v: string) => ({ [field]: { [`key ${v}`]: 1 } }),
      setGraphQL: (v: string) => ({ [field]: { [`key ${v}`]: 1 } }),
    },
  ]),
];

describe('hostile strings and shapes: a clear 4xx naming the field, and nothing written', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let gql: GraphQLClient;
  let paid: Json;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    gql = graphqlClient(app.baseUrl, project.apiKey);
    paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1000 });
  });
  afterAll(() => app.stop());

  /** Row counts of everything a refused request could have written. */
  const written = async () =>
    (
      await sql(
        app.databaseUrl,
        `select (select count(*) from orders)::int as orders, (select count(*) from transactions)::int as transactions,
                (select count(*) from vault_cards)::int as cards, (select count(*) from outbox_events)::int as outbox,
                (select string_agg(name, ',') from projects) as names`,
      )
    )[0];

  const expectRefusedOverRest = async (path: string, body: unknown, field: string | null, code: string) => {
    const before = await written();
    const response = await restClient(path.startsWith('http') ? '' : app.baseUrl, project.apiKey).post<Json>(
      path,
      body,
    );
    expect({ status: response.status, type: response.body?.error?.type }).toEqual({
      status: 400,
      type: 'invalid_request',
    });
    expect(response.body.error.fields).toContainEqual(expect.objectContaining({ field, code }));
    expect(await written()).toEqual(before);
  };

  describe.each(Object.entries(HOSTILE))('with %s', (_kind, value) => {
    it.each(ORDER_FIELDS.map((f) => [f.rest, f] as const))(
      'refuses create-order %s over REST',
      async (field, spec) => {
        const body = { ...buildOrder(), ...spec.set(value) };
        const before = await written();
        const response = await api.post<Json>('/v1/orders/', body);
        expect(response.status).toBe(400);
        expect(response.body.error.type).toBe('invalid_request');
        expect(response.body.error.fields.map((f: Json) => f.field)).toContain(field);
        expect(await written()).toEqual(before);
      },
    );

    it.each(ORDER_FIELDS.map((f) => [f.graphql, f] as const))(
      'refuses createOrder %s over GraphQL as a userError',
      async (field, spec) => {
        const before = await written();
        const { data, errors } = await gql<{ createOrder: Json }>(
          `mutation C($input: CreateOrderInput!) {
            createOrder(input: $input) { order { id } userErrors { field code message } }
          }`,
          { input: { amount: 995, currency: 'EUR', ...spec.setGraphQL(value) } },
        );
        expect(errors).toBeUndefined();
        expect(data?.createOrder.order).toBeNull();
        expect(data?.createOrder.userErrors.map((e: Json) => e.field)).toContain(field);
        expect(data?.createOrder.userErrors[0].code).toBe('invalid_request');
        expect(await written()).toEqual(before);
      },
    );

    it.each([
      ['description', { description: value }, 'description'],
      ['merchant_order_id', { merchant_order_id: value }, 'merchant_order_id'],
      ['an extra value', { extra: { why: value } }, 'extra'],
      ['an extra key', { extra: { [value]: 'why' } }, 'extra'],
    ])('refuses a refund with %s', async (_name, fields, field) => {
      await expectRefusedOverRest(
        `/v1/orders/${paid.id}/refunds/`,
        { amount: 100, ...fields },
        field,
        'invalid_text',
      );
    });

    it('refuses a refund description over GraphQL', async () => {
      const before = await written();
      const { data } = await gql<{ refundOrder: Json }>(
        `mutation R($orderId: ID!, $d: String) {
          refundOrder(orderId: $orderId, amount: 100, description: $d) { refund { id } userErrors { field code } }
        }`,
        { orderId: paid.id, d: value },
      );
      expect(data?.refundOrder.userErrors).toEqual([{ field: 'description', code: 'invalid_request' }]);
      expect(await written()).toEqual(before);
    });

    it("refuses the vault card's name over REST and GraphQL", async () => {
      const order = await createCardOrder(app.baseUrl, project.apiKey);
      const setupToken = order.transactions[0].payment_method_details.setup_token;
      const before = await written();
      const response = await storeCard(app, project.apiKey, { setupToken, name: `John ${value}` });
      expect(response.status).toBe(400);
      expect(response.body.error.fields).toEqual([
        { field: 'name', code: 'invalid_text', message: expect.stringMatching(/^name: must/) },
      ]);
      const { data } = await gql<{ storeCard: Json }>(
        `mutation S($input: StoreCardInput!) { storeCard(input: $input) { card { vaultToken } userErrors { field code } } }`,
        { input: { setupToken, pan: TEST_CARDS.visa, expiry: TEST_EXPIRY, name: `John ${value}` } },
      );
      expect(data?.storeCard.userErrors).toEqual([{ field: 'name', code: 'invalid_request' }]);
      expect(await written()).toEqual(before);
    });

    it('refuses a search query value over REST, and over GraphQL as a bad user input', async () => {
      await expectRefusedOverRest(
        '/v1/search/orders/',
        { query: `description:"${value}"` },
        'query',
        'invalid_text',
      );
      const { data, errors } = await gql(
        `query Q($q: String) { orders(query: $q, first: 5) { totalCount } }`,
        {
          q: `description:"${value}"`,
        },
      );
      expect(data).toBeNull();
      expect(errors?.[0]).toMatchObject({
        message: expect.stringMatching(/^query: must/),
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const stats = await gql(
        `query S($q: String) { orderStats(query: $q, from: "2026-01-01T00:00:00Z", to: "2026-02-01T00:00:00Z") { __typename } }`,
        { q: `description:"${value}"` },
      );
      expect(stats.data).toBeNull();
      expect(stats.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/^query: must/),
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it("refuses a project's new name over GraphQL, keeping the old one", async () => {
      const before = await written();
      const { data } = await gql<{ updateProject: Json }>(
        `mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { project { name } userErrors { field code } } }`,
        { input: { name: `Shop ${value}` } },
      );
      expect(data?.updateProject).toEqual({
        project: null,
        userErrors: [{ field: 'name', code: 'invalid_request' }],
      });
      expect(await written()).toEqual(before);
    });

    it('refuses the display name of a wallet A session', async () => {
      await expectRefusedOverRest(
        '/v1/wallet-a-pay/sessions/',
        {
          validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
          merchantIdentifier: project.projectId.replaceAll('-', ''),
          displayName: `Shop ${value}`,
          initiativeContext: 'shop.example',
        },
        'displayName',
        'invalid_text',
      );
    });

    it('refuses a field name breaking the text rule, naming the object that holds it', async () => {
      await expectRefusedOverRest(
        '/v1/orders/',
        { ...buildOrder(), customer: { [`x${value}`]: 'y' } },
        'customer',
        'invalid_text',
      );
      await expectRefusedOverRest(
        '/v1/orders/',
        { ...buildOrder(), [`x${value}`]: 'y' },
        null,
        'invalid_text',
      );
    });
  });

  it('refuses a NUL in the cardholder name of the hosted card form with the form shown again (400)', async () => {
    const order = (await api.post<Json>('/v1/orders/', buildOrder())).body;
    const page = await openPage(order.order_url);
    const before = await written();
    const form = new URLSearchParams({
      _csrf: page.csrfToken!,
      pan: TEST_CARDS.visa,
      expiry: TEST_EXPIRY,
      cvc: TEST_CVC,
      name: 'John\u0000Doe',
    });
    const response = await fetch(`${order.order_url}card`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: page.cookie! },
      body: form.toString(),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain('\u0000');
    expect(html).toContain('value="JohnDoe"');
    expect(await written()).toEqual(before);
  });

  describe('free-form JSON: at most 32 levels and 16 KiB, checked without recursion', () => {
    it.each([
      ['extra', '/v1/orders/', (json: string) => `{"amount":995,"currency":"EUR","extra":${json}}`],
      ['client', '/v1/orders/', (json: string) => `{"amount":995,"currency":"EUR","client":${json}}`],
      ['extra', 'refund', (json: string) => `{"amount":100,"extra":${json}}`],
    ])('refuses %s nested 33 levels (%s) naming the field', async (field, path, body) => {
      const target = path === 'refund' ? `/v1/orders/${paid.id}/refunds/` : path;
      await expectRefusedOverRest(target, body(nested(33)), field, 'too_deep');
    });

    it('accepts extra nested exactly 32 levels', async () => {
      const response = await api.post('/v1/orders/', `{"amount":995,"currency":"EUR","extra":${nested(32)}}`);
      expect(response.status).toBe(201);
    });

    it('refuses extra over 16 KiB naming the field', async () => {
      await expectRefusedOverRest(
        '/v1/orders/',
        buildOrder({ extra: { blob: 'x'.repeat(16 * 1024) } }),
        'extra',
        'too_big',
      );
    });

    it('refuses a 20 KB body nested 10,000 levels with a 400, over REST and GraphQL', async () => {
      const deep = nested(10_000);
      expect(deep.length).toBeLessThan(70_000);
      await expectRefusedOverRest(
        '/v1/orders/',
        `{"amount":995,"currency":"EUR","extra":${deep}}`,
        null,
        'too_deep',
      );
      await expectRefusedOverRest(
        `/v1/orders/${paid.id}/refunds/`,
        `{"amount":100,"extra":${deep}}`,
        null,
        'too_deep',
      );
      const before = await written();
      const response = await fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basicAuth(project.apiKey) },
        body: `{"query":"mutation C($e: JSONObject) { createOrder(input: {amount: 1, currency: \\"EUR\\", extra: $e}) { order { id } } }","variables":{"e":${deep}}}`,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { type: 'invalid_request', fields: [{ code: 'too_deep' }] },
      });
      expect(await written()).toEqual(before);
    });

    it('refuses extra nested 40 levels over GraphQL as a userError on extra', async () => {
      const { data } = await gql<{ createOrder: Json }>(
        `mutation C($e: JSONObject) { createOrder(input: {amount: 1, currency: "EUR", extra: $e}) { order { id } userErrors { field code message } } }`,
        { e: JSON.parse(nested(40)) },
      );
      expect(data?.createOrder.userErrors).toEqual([
        {
          field: 'extra',
          code: 'invalid_request',
          message: 'extra: must not be nested deeper than 32 levels',
        },
      ]);
    });
  });

  it('returns from a create exactly what a later GET returns, for text far from ASCII', async () => {
    const tricky = 'Zoë 😀 𝄞 e\u0301 \u202eRTL\u202c \u2028 tab\tnew\nline \\ "quoted" \u00a0 ﷽';
    const body = buildOwnCheckoutOrder(
      'credit-card',
      {
        description: tricky,
        merchant_order_id: tricky.slice(0, 40),
        customer: { first_name: tricky, phone_numbers: [tricky.slice(0, 30)] },
        extra: { [tricky]: [tricky, 1.5, -0.25, 12345678901234, true, null, { nested: tricky }], b: 1, a: 2 },
        client: { '': '', ' ': [[[]]] },
      },
      { payment_method_details: { cardholder_name: 'Zoë 😀' } },
    );
    const created = await api.post<Json>('/v1/orders/', body);
    expect(created.status).toBe(201);
    const read = await api.get<Json>(`/v1/orders/${created.body.id}/`);
    // The same JSON value (PostgreSQL's jsonb keeps object keys in an order of its own).
    expect(read.body).toEqual(created.body);
  });

  it('left no error-level log line, and no log line echoing what was sent', () => {
    const logs = app.logs.join('');
    expect(app.logs.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
    expect(logs).not.toContain('before');
    expect(logs).not.toContain('John');
  });
});
