import { type SeededProject, seedProject } from '../factories/project.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertOrders } from './support.ts';

interface Connection {
  edges: { cursor: string; node: Record<string, any> }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number;
}

const ORDERS = `query Orders(
  $query: String, $sort: OrderSort, $first: Int, $after: String, $last: Int, $before: String
) {
  orders(query: $query, sort: $sort, first: $first, after: $after, last: $last, before: $before) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges {
      cursor
      node {
        id merchantOrderId status amount currency projectId
        transactions { id status paymentMethod events { event } }
      }
    }
  }
}`;

describe('orders connection over GraphQL', () => {
  let app: TestApp;
  let shop: SeededProject;
  let otherShop: SeededProject;
  let gql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp();
    shop = await seedProject(app);
    otherShop = await seedProject(app, { name: 'Other shop' });
    gql = graphqlClient(app.baseUrl, shop.apiKey);
    await insertOrders(
      app.databaseUrl,
      shop,
      Array.from({ length: 7 }, (_, index) => ({
        merchantOrderId: `G-${index}`,
        amount: 100 * (index + 1),
        status: index % 2 === 0 ? 'completed' : 'processing',
        createdAt: `2026-11-0${index + 1}T10:00:00.000Z`,
        transactions: Array.from({ length: (index % 3) + 1 }, () => ({ status: 'completed' })),
      })),
    );
    await insertOrders(app.databaseUrl, otherShop, [
      { merchantOrderId: 'G-0', status: 'completed', transactions: [{ status: 'completed' }] },
    ]);
  });
  afterAll(() => app.stop());

  const orders = async (variables: Record<string, unknown>) => {
    const response = await gql<{ orders: Connection }>(ORDERS, variables);
    expect(response.errors).toBeUndefined();
    return response.data!.orders;
  };

  it('pages forward through every order with after = endCursor, newest first by default', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: Connection = await orders({ first: 3, after });
      expect(page.totalCount).toBe(7);
      // Issue 14 (backward paging): every page after the first has orders before it.
      expect(page.pageInfo.hasPreviousPage).toBe(pages > 0);
      seen.push(...page.edges.map((edge) => edge.node.merchantOrderId));
      expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages += 1;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(['G-6', 'G-5', 'G-4', 'G-3', 'G-2', 'G-1', 'G-0']);
  });

  it('pages backwards with last and before, back to the first order, with exact page info', async () => {
    const newest = await orders({ first: 3 });
    const second = await orders({ first: 3, after: newest.pageInfo.endCursor });
    expect(second.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });

    const back = await orders({ last: 3, before: second.pageInfo.startCursor });
    expect(back.edges).toEqual(newest.edges);
    expect(back.pageInfo).toEqual({ ...newest.pageInfo, hasNextPage: true, hasPreviousPage: false });

    const last = await orders({ last: 3 });
    expect(last.edges.map((edge) => edge.node.merchantOrderId)).toEqual(['G-2', 'G-1', 'G-0']);
    expect(last.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    const before = await orders({ last: 3, before: last.pageInfo.startCursor });
    expect(before.edges.map((edge) => edge.node.merchantOrderId)).toEqual(['G-5', 'G-4', 'G-3']);
    expect(before.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
    const first = await orders({ last: 3, before: before.pageInfo.startCursor });
    expect(first.edges.map((edge) => edge.node.merchantOrderId)).toEqual(['G-6']);
    expect(first.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
  });

  it('pages backwards through a filtered, sorted result with orders that never completed', async () => {
    const sort = { field: 'COMPLETED', direction: 'ASC' };
    const forward: string[] = [];
    let after: string | null = null;
    do {
      const page: Connection = await orders({ sort, first: 2, after });
      forward.push(...page.edges.map((edge) => edge.node.merchantOrderId));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    const backward: string[] = [];
    let before: string | null = null;
    let hasPrevious = true;
    while (hasPrevious) {
      const page: Connection = await orders({ sort, last: 2, before });
      backward.unshift(...page.edges.map((edge) => edge.node.merchantOrderId));
      before = page.pageInfo.startCursor;
      hasPrevious = page.pageInfo.hasPreviousPage;
    }
    expect(forward).toHaveLength(7);
    expect(backward).toEqual(forward);
  });

  it('refuses mixing directions and a page size that differs from the cursor', async () => {
    const page = await orders({ first: 3 });
    const mixed = await gql(ORDERS, { first: 3, before: page.pageInfo.endCursor });
    expect(mixed.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', type: 'invalid_paging' });
    const resized = await gql(ORDERS, { last: 2, before: page.pageInfo.endCursor });
    expect(resized.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      type: 'cursor_mismatch',
    });
  });

  it('resolves each node with its own transactions', async () => {
    const page = await orders({ first: 7 });
    for (const { node } of page.edges) {
      const index = Number(node.merchantOrderId.slice(2));
      expect(node.transactions).toHaveLength((index % 3) + 1);
      expect(node.transactions[0].events).toEqual([]);
    }
  });

  it('filters with the search query and sorts with OrderSort', async () => {
    const page = await orders({ query: 'status:completed', sort: { field: 'AMOUNT', direction: 'DESC' } });
    expect(page.edges.map((edge) => [edge.node.merchantOrderId, edge.node.amount])).toEqual([
      ['G-6', 700],
      ['G-4', 500],
      ['G-2', 300],
      ['G-0', 100],
    ]);
    expect(page.totalCount).toBe(4);
    const ascending = await orders({ sort: { field: 'CREATED' }, first: 1 });
    expect(ascending.edges[0]!.node.merchantOrderId).toBe('G-0');
  });

  it('uses the REST search_after value as its cursor', async () => {
    const page = await orders({ query: 'status:processing', first: 2 });
    const rest = await restClient(app.baseUrl, shop.apiKey).post<{ search_after: string }>(
      '/v1/search/orders/',
      {
        query: 'status:processing',
        size: 2,
        search_after: '-1',
      },
    );
    expect(page.pageInfo.endCursor).toBe(rest.body.search_after);
  });

  it('counts only when totalCount is selected, also through fragments', async () => {
    const response = await gql<{ orders: { totalCount: number }; again: { totalCount: number } }>(
      `{
        orders(first: 2) { ...Counted }
        again: orders(first: 2) { ... on OrderConnection { totalCount } }
      }
      fragment Counted on OrderConnection { totalCount }`,
    );
    expect(response.errors).toBeUndefined();
    expect(response.data!.orders.totalCount).toBe(7);
    expect(response.data!.again.totalCount).toBe(7);
  });

  it("never returns another project's orders", async () => {
    const page = await orders({ first: 100 });
    expect(page.edges.every((edge) => edge.node.projectId === shop.projectId)).toBe(true);
    const other = await graphqlClient(app.baseUrl, otherShop.apiKey)<{ orders: Connection }>(ORDERS, {});
    expect(other.data!.orders.totalCount).toBe(1);
    expect(other.data!.orders.edges[0]!.node.projectId).toBe(otherShop.projectId);
  });

  it.each([
    [{ query: 'colour:red' }, 'unknown_field', 'query: Unknown field "colour" at position 0'],
    [{ query: 'created:[2026-11-05 TO 2026-11-01]' }, 'invalid_range', 'at position 8'],
    [{ first: 101 }, 'invalid_paging', 'first must be between 1 and 100'],
    [{ first: 0 }, 'invalid_paging', 'first must be between 1 and 100'],
    [{ after: 'garbage' }, 'invalid_cursor', 'after is not a cursor returned by this search'],
  ])('refuses %j as BAD_USER_INPUT %s', async (variables, type, message) => {
    const response = await gql(ORDERS, variables);
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', type });
    expect(response.errors?.[0]?.message).toContain(message);
  });

  it('refuses an after cursor from a run with another page size', async () => {
    const page = await orders({ first: 2 });
    const response = await gql(ORDERS, { first: 3, after: page.pageInfo.endCursor });
    expect(response.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      type: 'cursor_mismatch',
    });
  });
});
