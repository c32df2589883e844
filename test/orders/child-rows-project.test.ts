import pg from 'pg';
import { buildOwnCheckoutOrder } from '../factories/order.ts';
import { payOwnCheckoutOrder, storeCard, TEST_CARDS, TEST_CVC } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { cardFields, createHostedOrder, postPageForm } from '../hosted-pages/support.ts';

type Json = Record<string, any>;

/** The rows that belong to an order (by `order_id`) and carry its project, and those of a transaction. */
const ORDER_CHILDREN = [
  'transactions',
  'outbox_events',
  'card_authorizations',
  'webhook_deliveries',
  'vault_cards',
  'attempt_browsers',
] as const;

/**
 * The keys migration 20261130140000 keeps as declarations: the database no longer checks each row at commit, the
 * writes name only parents they just locked or wrote. Checked below after every kind of write, with the guards
 * that stay the database's. (child table, column, parent table)
 */
const DECLARED_KEYS = [
  ['transaction_events', 'transaction_id', 'transactions'],
  ['outbox_events', 'order_id', 'orders'],
  ['outbox_events', 'transaction_id', 'transactions'],
  ['vault_cards', 'transaction_id', 'transactions'],
  ['vault_cards', 'order_id', 'orders'],
  ['card_authorizations', 'vault_card_id', 'vault_cards'],
  ['card_authorizations', 'order_id', 'orders'],
  ['card_authorizations', 'transaction_id', 'transactions'],
  ['attempt_browsers', 'transaction_id', 'transactions'],
  ['attempt_browsers', 'order_id', 'orders'],
] as const;

/**
 * Migration 20261127100000 dropped the `project_id -> projects` keys of the rows that belong to an order: the
 * order's own key to its project and each row's key to its order stay, and the rows are written with their
 * order's project by the code. This checks that promise after every kind of write, in two projects at once, and
 * the promise of `DECLARED_KEYS` on the same rows.
 */
describe("an order's rows carry its project", () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  const projects: SeededProject[] = [];
  const orderIds: string[] = [];

  beforeAll(async () => {
    receiver = await startReceiver(answer(200, 'thanks'));
    app = await startTestApp();
    for (const name of ['Shop one', 'Shop two']) {
      const project = await seedProject(app, { name, webhookUrl: `${receiver.url}/${name}` });
      projects.push(project);
      const api = restClient(app.baseUrl, project.apiKey);
      // A card stored through an own-checkout order, then a one-click payment with it, refunded in part.
      const { body: first } = await api.post<Json>('/v1/orders/', buildOwnCheckoutOrder());
      const stored = await storeCard(app, project.apiKey, {
        setupToken: first.transactions[0].payment_method_details.setup_token,
      });
      const { body: oneClick } = await api.post<Json>(
        '/v1/orders/',
        buildOwnCheckoutOrder(
          'credit-card',
          {},
          {
            payment_method_details: {
              one_click_type: 'one-click',
              vault_token: stored.body.vault_token,
              cvc: TEST_CVC,
            },
          },
        ),
      );
      expect(oneClick.status).toBe('completed');
      const refund = await api.post<Json>(`/v1/orders/${oneClick.id}/refunds/`, { amount: 100 });
      expect(refund.status).toBe(201);
      // The whole own-checkout card flow (store, authenticate, authorize).
      const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
      expect(paid.status).toBe('completed');
      // A hosted order paid on its page: the attempt records the browser that made it.
      const hosted = await createHostedOrder(app.baseUrl, project.apiKey);
      expect((await postPageForm(hosted.order_url, 'card', cardFields(TEST_CARDS.visa))).status).toBe(303);
      orderIds.push(first.id, oneClick.id, refund.body.id, paid.id, hosted.id);
    }
    await eventually(
      async () => {
        const [row] = await sql<{ open: number }>(
          app.databaseUrl,
          "select count(*)::int as open from webhook_deliveries where state <> 'delivered'",
        );
        return row!.open === 0;
      },
      10_000,
      'every webhook delivered',
    );
  });
  afterAll(async () => {
    await app.stop();
    await receiver.close();
  });

  it.each(ORDER_CHILDREN)("writes each row of %s with its order's project", async (table) => {
    const rows = await sql<{ project_id: string; order_project_id: string | null }>(
      app.databaseUrl,
      `select c.project_id, o.project_id as order_project_id
         from ${table} c left join orders o on o.id = c.order_id`,
    );
    // Rows of both projects were written, each with the project of its order.
    expect(new Set(rows.map((row) => row.project_id))).toEqual(new Set(projects.map((p) => p.projectId)));
    expect(rows.filter((row) => row.project_id !== row.order_project_id)).toEqual([]);
  });

  it("writes each transaction event and delivery attempt with its parent's project", async () => {
    const mismatched = await sql(
      app.databaseUrl,
      `select 'event' as kind, e.id::text from transaction_events e join transactions t on t.id = e.transaction_id
        where e.project_id <> t.project_id
       union all
       select 'attempt', a.id::text from webhook_delivery_attempts a join webhook_deliveries d on d.id = a.delivery_id
        where a.project_id <> d.project_id`,
    );
    expect(mismatched).toEqual([]);
    const [counted] = await sql<{ events: number; attempts: number }>(
      app.databaseUrl,
      `select (select count(*)::int from transaction_events) as events,
              (select count(*)::int from webhook_delivery_attempts) as attempts`,
    );
    expect(counted!.events).toBeGreaterThan(0);
    expect(counted!.attempts).toBeGreaterThan(0);
  });

  it.each(ORDER_CHILDREN)('still refuses a row of %s whose order does not exist', async (table) => {
    await expect(
      sql(
        app.databaseUrl,
        `update ${table} set order_id = gen_random_uuid() where ctid = (select ctid from ${table} limit 1)`,
      ),
    ).rejects.toMatchObject({ code: '23503' });
  });

  /** Runs one statement in a transaction of its own; resolves to what it failed with, if it did. */
  async function refusalOf(text: string): Promise<{ code?: string; message?: string } | null> {
    try {
      await sql(app.databaseUrl, text);
      return null;
    } catch (error) {
      return error as { code?: string; message?: string };
    }
  }

  it.each(DECLARED_KEYS)(
    'writes each row of %s naming, by %s, a row of %s that exists',
    async (child, column, parent) => {
      const [counted] = await sql<{ rows: number; orphans: number }>(
        app.databaseUrl,
        `select count(*)::int as rows, count(*) filter (where p.id is null)::int as orphans
         from ${child} c left join ${parent} p on p.id = c.${column}
        where c.${column} is not null`,
      );
      expect(counted!.rows).toBeGreaterThan(0);
      expect(counted!.orphans).toBe(0);
    },
  );

  it.each(DECLARED_KEYS)(
    'refuses moving a row of %s, by %s, to a parent that does not exist',
    async (child, column) => {
      const refusal = await refusalOf(
        `update ${child} set ${column} = gen_random_uuid() where ctid = (select ctid from ${child} where ${column} is not null limit 1)`,
      );
      expect(refusal).toMatchObject({ code: '23503', message: expect.stringContaining('does not exist') });
    },
  );

  it.each([
    ['a transaction its events name', 'transactions', 'select transaction_id from transaction_events'],
    ['a vault card an authorization names', 'vault_cards', 'select vault_card_id from card_authorizations'],
    ['an order its outbox rows name', 'orders', 'select order_id from outbox_events'],
  ])('refuses deleting %s', async (_what, parent, named) => {
    const refusal = await refusalOf(`delete from ${parent} where id in (${named} limit 1)`);
    expect(refusal).toMatchObject({ code: '23503', message: expect.stringContaining('still name') });
  });

  it('refuses truncating transactions or vault cards, even in cascade', async () => {
    for (const table of ['transactions', 'vault_cards']) {
      expect(await refusalOf(`truncate ${table} cascade`)).toMatchObject({ code: '23503' });
    }
    const [left] = await sql<{ n: number }>(app.databaseUrl, 'select count(*)::int as n from transactions');
    expect(left!.n).toBeGreaterThan(0);
  });
});

/**
 * The same migration: on a new database the foreign-key checks against `orders` (one per row that names an
 * order) are planned through its primary key, not as a scan of the whole table (which every connection would
 * keep until autovacuum analyzes orders).
 */
describe('the foreign-key check against orders on a new database', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
  });
  afterAll(() => app.stop());

  it('reaches the order by its primary key, as the plan kept for every later check', async () => {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      // The plan PostgreSQL keeps for its own check (a generic one), for the check's very statement.
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(
        'prepare check_order(uuid) as select 1 from only orders x where id = $1 for key share of x',
      );
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        "explain execute check_order('00000000-0000-0000-0000-000000000000')",
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(
        'Index Scan using orders_pkey on orders',
      );
    } finally {
      await client.end();
    }
  });
});
