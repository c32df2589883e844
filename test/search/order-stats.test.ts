import { randomUUID } from 'node:crypto';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

interface SeedOrder {
  created: string;
  status: string;
  currency?: string;
  amount?: number;
  refunded?: number;
  kind?: 'payment' | 'refund';
  /** Transactions as [payment method, status], oldest first. */
  transactions?: [string, string][];
  description?: string;
}

/** Dashboard statistics over real HTTP, on orders written straight into the database with known facts. */
describe('orderStats', () => {
  let app: TestApp;
  let project: SeededProject;
  let graphql: GraphQLClient;

  async function insert(target: SeededProject, order: SeedOrder): Promise<void> {
    const id = randomUUID();
    await sql(
      app.databaseUrl,
      `insert into orders (id, project_id, merchant_id, kind, description, currency, amount, status, flags,
         checkout, expiration_period, expires_at, refunded_amount, created_at, modified_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, '{}', 'hosted', 'PT1H', $9::timestamptz + interval '1 hour', $10, $9, $9)`,
      [
        id,
        target.projectId,
        target.merchantId,
        order.kind ?? 'payment',
        order.description ?? null,
        order.currency ?? 'EUR',
        order.amount ?? 1000,
        order.status,
        order.created,
        order.refunded ?? 0,
      ],
    );
    for (const [index, [method, status]] of (order.transactions ?? []).entries()) {
      await sql(
        app.databaseUrl,
        `insert into transactions (id, order_id, project_id, amount, currency, payment_method, status, created_at,
           modified_at)
         values ($1, $2, $3, 1000, 'EUR', $4, $5, $6::timestamptz + $7 * interval '1 second', $6)`,
        [randomUUID(), id, target.projectId, method, status, order.created, index],
      );
    }
  }

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    graphql = graphqlClient(app.baseUrl, project.apiKey);
    const orders: SeedOrder[] = [
      // 2026-03-01 (UTC)
      {
        created: '2026-03-01T09:00:00Z',
        status: 'completed',
        amount: 1000,
        refunded: 300,
        transactions: [
          ['credit-card', 'declined'],
          ['wallet-b-pay', 'accepted'],
        ],
      },
      {
        created: '2026-03-01T10:00:00Z',
        status: 'completed',
        amount: 2500,
        currency: 'USD',
        transactions: [['credit-card', 'accepted']],
      },
      {
        created: '2026-03-01T11:00:00Z',
        status: 'error',
        amount: 500,
        transactions: [['credit-card', 'declined']],
      },
      { created: '2026-03-01T12:00:00Z', status: 'new', amount: 700 },
      // 23:30 UTC on March 1st is already March 2nd in Amsterdam (UTC+1).
      { created: '2026-03-01T23:30:00Z', status: 'expired', amount: 400, description: 'late' },
      // 2026-03-02
      {
        created: '2026-03-02T08:00:00Z',
        status: 'completed',
        amount: 5000,
        transactions: [['credit-card', 'captured']],
      },
      { created: '2026-03-02T09:00:00Z', status: 'completed', amount: 300, kind: 'refund' },
      // Outside the window.
      { created: '2026-02-28T23:59:59Z', status: 'completed', amount: 9999 },
      { created: '2026-03-03T00:00:00Z', status: 'completed', amount: 9999 },
    ];
    for (const order of orders) await insert(project, order);
    const other = await seedProject(app, { name: 'Other shop' });
    await insert(other, { created: '2026-03-01T09:00:00Z', status: 'completed', amount: 7777 });
  });
  afterAll(() => app.stop());

  const BUCKET = `periodStart status currency paymentMethod orderCount completedCount finalCount conversion
    amounts { currency amount } refundedAmounts { currency amount }`;
  const WINDOW = { from: '2026-03-01T00:00:00.000Z', to: '2026-03-03T00:00:00.000Z' };

  async function stats(variables: Json): Promise<Json> {
    const response = await graphql<Json>(
      `query($query: String, $from: DateTime!, $to: DateTime!, $groupBy: [OrderStatsGroupBy!], $timeZone: String) {
        orderStats(query: $query, from: $from, to: $to, groupBy: $groupBy, timeZone: $timeZone) {
          from to timeZone groupBy buckets { ${BUCKET} }
        }
      }`,
      { ...WINDOW, ...variables },
    );
    expect(response.errors).toBeUndefined();
    return response.data!.orderStats;
  }

  it('sums the window in one bucket without grouping: payment orders of this project only', async () => {
    const result = await stats({});
    expect(result).toMatchObject({ ...WINDOW, timeZone: 'UTC', groupBy: [] });
    expect(result.buckets).toEqual([
      {
        periodStart: null,
        status: null,
        currency: null,
        paymentMethod: null,
        orderCount: 6,
        completedCount: 3,
        finalCount: 5,
        conversion: 0.6,
        amounts: [
          { currency: 'EUR', amount: 1000 + 500 + 700 + 400 + 5000 },
          { currency: 'USD', amount: 2500 },
        ],
        refundedAmounts: [
          { currency: 'EUR', amount: 300 },
          { currency: 'USD', amount: 0 },
        ],
      },
    ]);
  });

  it('groups by day and status, time first', async () => {
    const result = await stats({ groupBy: ['DAY', 'STATUS'] });
    expect(result.buckets.map((b: Json) => [b.periodStart, b.status, b.orderCount, b.conversion])).toEqual([
      ['2026-03-01T00:00:00.000Z', 'COMPLETED', 2, 1],
      ['2026-03-01T00:00:00.000Z', 'ERROR', 1, 0],
      ['2026-03-01T00:00:00.000Z', 'EXPIRED', 1, 0],
      ['2026-03-01T00:00:00.000Z', 'NEW', 1, null],
      ['2026-03-02T00:00:00.000Z', 'COMPLETED', 1, 1],
    ]);
  });

  it("puts days in the caller's time zone", async () => {
    const result = await stats({ groupBy: ['DAY'], timeZone: 'Europe/Amsterdam' });
    expect(result.timeZone).toBe('Europe/Amsterdam');
    expect(result.buckets.map((b: Json) => [b.periodStart, b.orderCount])).toEqual([
      ['2026-02-28T23:00:00.000Z', 4],
      ['2026-03-01T23:00:00.000Z', 2],
    ]);
  });

  it('groups by currency and by the paying method', async () => {
    const byCurrency = await stats({ groupBy: ['CURRENCY'] });
    expect(byCurrency.buckets.map((b: Json) => [b.currency, b.orderCount, b.amounts])).toEqual([
      ['EUR', 5, [{ currency: 'EUR', amount: 7600 }]],
      ['USD', 1, [{ currency: 'USD', amount: 2500 }]],
    ]);
    const byMethod = await stats({ groupBy: ['PAYMENT_METHOD'] });
    expect(byMethod.buckets.map((b: Json) => [b.paymentMethod, b.orderCount])).toEqual([
      ['CREDIT_CARD', 3],
      ['WALLET_B_PAY', 1],
      [null, 2],
    ]);
  });

  it('accepts the search query language', async () => {
    const result = await stats({ query: 'amount:>=1000 AND NOT description:late' });
    expect(result.buckets[0]).toMatchObject({ orderCount: 3, completedCount: 3 });
    expect((await stats({ query: 'status:cancelled' })).buckets).toEqual([]);
  });

  it.each([
    [{ groupBy: ['DAY', 'HOUR'] }, 'groupBy: group by DAY or by HOUR, not both'],
    [
      { timeZone: 'Mars/Olympus' },
      'timeZone: "Mars/Olympus" is not an IANA time zone such as Europe/Amsterdam or UTC',
    ],
    [{ to: WINDOW.from }, 'to: must be after from'],
    [{ to: '2027-06-01T00:00:00.000Z' }, 'to: must be at most 400 days after from'],
    [
      { groupBy: ['HOUR'], to: '2026-04-15T00:00:00.000Z' },
      'to: must be at most 31 days after from when grouping by HOUR',
    ],
  ])('refuses %j with a clear error', async (variables, message) => {
    const response = await graphql(
      `query($from: DateTime!, $to: DateTime!, $groupBy: [OrderStatsGroupBy!], $timeZone: String) {
        orderStats(from: $from, to: $to, groupBy: $groupBy, timeZone: $timeZone) { buckets { orderCount } }
      }`,
      { ...WINDOW, ...variables },
    );
    expect(response.data).toBeNull();
    expect(response.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', type: 'invalid_request' },
    });
  });

  it('refuses a bad query with the search error type', async () => {
    const response = await graphql(
      `query($from: DateTime!, $to: DateTime!) { orderStats(query: "colour:red", from: $from, to: $to) { from } }`,
      WINDOW,
    );
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', type: 'unknown_field' });
  });
});
