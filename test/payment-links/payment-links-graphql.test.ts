import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createLink, openLink, orderIdOf } from './support.ts';

type Json = Record<string, any>;

const LINK_FIELDS = `id projectId url status inactiveReason amount currency description merchantOrderId expires
  singleUse returnUrl failureUrl paymentMethods orderIds created modified deactivated`;

const CREATE = `mutation Create($input: CreatePaymentLinkInput!) {
  createPaymentLink(input: $input) { paymentLink { ${LINK_FIELDS} } userErrors { field code problem message } }
}`;
const DEACTIVATE = `mutation Deactivate($id: ID!) {
  deactivatePaymentLink(id: $id) { paymentLink { id status inactiveReason deactivated } userErrors { field code message } }
}`;
const LINK = `query Link($id: ID!) { paymentLink(id: $id) { ${LINK_FIELDS} } }`;
const PAGE = `query Page($first: Int, $after: String) {
  paymentLinks(first: $first, after: $after) {
    edges { cursor node { id amount } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

describe('payment links over GraphQL', () => {
  let app: TestApp;
  let project: SeededProject;
  let gql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    gql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const create = (input: Json, headers: Record<string, string> = {}) =>
    gql<{ createPaymentLink: Json }>(CREATE, { input }, headers).then((r) => r.data!.createPaymentLink);

  it('creates a link through the same command as REST and reads it back', async () => {
    const expires = new Date(app.runtime.deps.now().getTime() + 86_400_000).toISOString();
    const payload = await create({
      amount: 1999,
      currency: 'EUR',
      description: 'Workshop seat',
      merchantOrderId: 'ws-9',
      expires,
      singleUse: true,
      returnUrl: 'https://shop.example/return',
      paymentMethods: ['CREDIT_CARD'],
    });

    expect(payload.userErrors).toEqual([]);
    const link = payload.paymentLink;
    expect(link).toEqual({
      id: link.id,
      projectId: project.projectId,
      url: `${app.baseUrl}/link/${link.id}/`,
      status: 'ACTIVE',
      inactiveReason: null,
      amount: 1999,
      currency: 'EUR',
      description: 'Workshop seat',
      merchantOrderId: 'ws-9',
      expires,
      singleUse: true,
      returnUrl: 'https://shop.example/return',
      failureUrl: null,
      paymentMethods: ['CREDIT_CARD'],
      orderIds: [],
      created: link.created,
      modified: link.created,
      deactivated: null,
    });
    expect((await gql<Json>(LINK, { id: link.id })).data!.paymentLink).toEqual(link);
    const rest = (await restClient(app.baseUrl, project.apiKey).get<Json>(`/v1/payment-links/${link.id}/`))
      .body;
    expect(rest).toMatchObject({ id: link.id, amount: 1999, single_use: true, merchant_order_id: 'ws-9' });
  });

  it('answers bad input with userErrors naming the GraphQL fields, and stores nothing', async () => {
    const before = await sql(app.databaseUrl, 'select count(*)::int as n from payment_links');
    const payload = await create({
      amount: -5,
      currency: 'eur',
      merchantOrderId: 'x'.repeat(256),
      returnUrl: 'not a url',
      expires: new Date(app.runtime.deps.now().getTime() - 60_000).toISOString(),
    });
    expect(payload.paymentLink).toBeNull();
    expect(payload.userErrors.map((e: Json) => [e.field, e.code, e.problem])).toEqual([
      ['amount', 'invalid_request', 'too_small'],
      ['currency', 'invalid_request', 'invalid_format'],
      ['merchantOrderId', 'invalid_request', 'too_big'],
      ['returnUrl', 'invalid_request', 'invalid'],
    ]);
    expect(payload.userErrors[3].message).toBe('returnUrl: must be an absolute http or https URL');
    // The expiry is checked once the fields themselves are well-formed.
    const past = await create({
      amount: 1,
      currency: 'EUR',
      expires: new Date(app.runtime.deps.now().getTime() - 60_000).toISOString(),
    });
    expect(past.userErrors).toEqual([
      {
        field: 'expires',
        code: 'invalid_request',
        problem: 'too_small',
        message: 'expires: must be in the future',
      },
    ]);
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from payment_links')).toEqual(before);
  });

  it('pages through the links newest first', async () => {
    const shop = await seedProject(app, { name: 'Paging shop' });
    const client = graphqlClient(app.baseUrl, shop.apiKey);
    const api = restClient(app.baseUrl, shop.apiKey);
    const created = [];
    for (const amount of [100, 200, 300]) created.push(await createLink(api, { amount }));

    const first = (await client<Json>(PAGE, { first: 2 })).data!.paymentLinks;
    expect(first.edges.map((e: Json) => e.node.amount)).toEqual([300, 200]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = (await client<Json>(PAGE, { first: 2, after: first.pageInfo.endCursor })).data!
      .paymentLinks;
    expect(second.edges.map((e: Json) => e.node.id)).toEqual([created[0]!.id]);
    expect(second.pageInfo.hasNextPage).toBe(false);

    const tooMany = await client<Json>(PAGE, { first: 101 });
    expect(tooMany.errors?.[0]?.message).toContain('first');
    const badCursor = await client<Json>(PAGE, { after: 'bm9wZQ' });
    expect(badCursor.errors?.[0]?.message).toContain('after');
  });

  it('refuses a forged cursor whose time PostgreSQL cannot hold as a bad cursor, not an internal error', async () => {
    const id = '6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6';
    for (const time of [
      '-271821-04-20T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '-004714-01-01T00:00:00Z',
    ]) {
      const after = Buffer.from(`payment-link|${time}|${id}`).toString('base64url');
      const answer = await gql<Json>(PAGE, { after });
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
    }
  });

  it("answers another project's link as null, and refuses to deactivate it as not found", async () => {
    const other = await seedProject(app, { name: 'Other shop' });
    const theirs = await createLink(restClient(app.baseUrl, other.apiKey));
    expect((await gql<Json>(LINK, { id: theirs.id })).data!.paymentLink).toBeNull();
    expect((await gql<Json>(LINK, { id: 'not-a-uuid' })).data!.paymentLink).toBeNull();
    const refused = (await gql<Json>(DEACTIVATE, { id: theirs.id })).data!.deactivatePaymentLink;
    expect(refused).toEqual({
      paymentLink: null,
      userErrors: [{ field: 'id', code: 'not_found', message: 'Payment link not found' }],
    });
    const node = await gql<Json>(`query($id: ID!) { node(id: $id) { id } }`, { id: theirs.id });
    expect(node.data!.node).toBeNull();
  });

  it('deactivates a link', async () => {
    const link = await createLink(restClient(app.baseUrl, project.apiKey));
    const { paymentLink, userErrors } = (await gql<Json>(DEACTIVATE, { id: link.id })).data!
      .deactivatePaymentLink;
    expect(userErrors).toEqual([]);
    expect(paymentLink).toMatchObject({ id: link.id, status: 'INACTIVE', inactiveReason: 'DEACTIVATED' });
    expect(paymentLink.deactivated).toEqual(expect.any(String));
    expect((await openLink(link.url)).status).toBe(410);
  });

  it("shows an order's payment link, and finds the link by node(id)", async () => {
    const link = await createLink(restClient(app.baseUrl, project.apiKey), { single_use: true });
    const orderId = orderIdOf((await openLink(link.url)).location);
    const { data } = await gql<Json>(
      `query($order: ID!, $link: ID!) {
        order(id: $order) { paymentLinkId paymentLink { id status singleUse orderIds } }
        node(id: $link) { __typename ... on PaymentLink { url } }
      }`,
      { order: orderId, link: link.id },
    );
    expect(data!.order).toEqual({
      paymentLinkId: link.id,
      paymentLink: { id: link.id, status: 'ACTIVE', singleUse: true, orderIds: [orderId] },
    });
    expect(data!.node).toEqual({ __typename: 'PaymentLink', url: link.url });

    const own = await restClient(app.baseUrl, project.apiKey).post<Json>('/v1/orders/', {
      amount: 5,
      currency: 'EUR',
    });
    const plain = await gql<Json>('query($id: ID!) { order(id: $id) { paymentLinkId paymentLink { id } } }', {
      id: own.body.id,
    });
    expect(plain.data!.order).toEqual({ paymentLinkId: null, paymentLink: null });
  });

  it('records link writes in the audit log with the link as their target', async () => {
    const api = restClient(app.baseUrl, project.apiKey);
    const overRest = await createLink(api, { merchant_order_id: 'audited' });
    await api.post(`/v1/payment-links/${overRest.id}/deactivate/`);
    const overGraphQL = (await create({ amount: 5, currency: 'EUR' })).paymentLink;
    const AUDIT = '{ auditLog(first: 100) { edges { node { action target { type id } } } } }';
    let entries: Json[] = [];
    for (let tries = 0; tries < 50; tries += 1) {
      entries = (await gql<Json>(AUDIT)).data!.auditLog.edges.map((edge: Json) => edge.node);
      if (entries.some((entry) => entry.target?.id === overGraphQL.id)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: 'POST /v1/payment-links/', target: { type: 'payment_link', id: overRest.id } },
        {
          action: 'POST /v1/payment-links/:linkId/deactivate/',
          target: { type: 'payment_link', id: overRest.id },
        },
        { action: 'graphql.createPaymentLink', target: { type: 'payment_link', id: overGraphQL.id } },
      ]),
    );
  });

  it('replays createPaymentLink sent again with the same Idempotency-Key', async () => {
    const key = `gql-link-${Date.now()}`;
    const input = { amount: 700, currency: 'EUR', merchantOrderId: key };
    const first = await create(input, { 'idempotency-key': key });
    const again = await create(input, { 'idempotency-key': key });
    expect(again.paymentLink.id).toBe(first.paymentLink.id);
    expect(
      await sql(app.databaseUrl, 'select id from payment_links where merchant_order_id = $1', [key]),
    ).toHaveLength(1);
  });
});
