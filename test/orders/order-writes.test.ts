import pg from 'pg';
import {
  ORDER_COLUMNS,
  TRANSACTION_COLUMNS,
  updateRowsSql,
} from '../../src/modules/orders/order-rows.repository.ts';
import { createCardOrder, payOwnCheckoutOrder, storeCard, TEST_CVC } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

interface OutboxRow extends Record<string, unknown> {
  type: string;
  to_status: string;
  relayed: boolean;
}

/** The generic plan PostgreSQL keeps for a prepared statement, as text. */
async function genericPlan(app: TestApp, text: string, table: string): Promise<string> {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    // A young table (a few thousand rows) is where a 100-row join would rather scan the whole table.
    await client.query(`analyze ${table}`);
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare update_rows(json) as ${text}`);
    const plan = await client.query("explain execute update_rows('[]')");
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

/** Seeds `count` new card orders with a transaction each straight into the database. */
async function seedOrders(app: TestApp, count: number): Promise<void> {
  await sql(
    app.databaseUrl,
    `with seeded as (
       insert into orders (id, project_id, merchant_id, kind, description, currency, amount, status, flags,
         checkout, expiration_period, expires_at, refunded_amount, created_at, modified_at)
       select gen_random_uuid(), p.id, p.merchant_id, 'payment', 'Seeded', 'EUR', 995, 'new', '{}', 'own',
         'PT1H', now() + interval '1 hour', 0, now(), now()
       from generate_series(1, ${count}), (select id, merchant_id from projects limit 1) p
       returning id, project_id
     )
     insert into transactions (id, order_id, project_id, amount, currency, payment_method, payment_method_details,
       status, capture_mode, is_capturable, created_at, modified_at)
     select gen_random_uuid(), id, project_id, 995, 'EUR', 'credit-card', '{}', 'new', 'automatic', false, now(), now()
     from seeded`,
  );
}

/**
 * The hot paths' one-statement writes (issue 12): outbox rows that no webhook can come from are written already
 * relayed, so the relay has nothing to claim and update for them; the card flow's writes (create, authenticate)
 * relay the rows a webhook can come from themselves, queueing the delivery in the same statement under the
 * relay's rule. Updates reach their rows through the primary key, however young the table.
 */
describe('one-statement order writes', () => {
  describe('with the relay stopped, what each write leaves for it', () => {
    let app: TestApp;
    let project: SeededProject;
    let hookedProject: SeededProject;

    beforeAll(async () => {
      app = await startTestApp({ JOBS_ENABLED: 'false' });
      project = await seedProject(app);
      hookedProject = await seedProject(app, { webhookUrl: 'https://merchant.example/hooks' });
    });
    afterAll(() => app.stop());

    const outboxOf = (orderId: string) =>
      sql<OutboxRow>(
        app.databaseUrl,
        `select type, to_status, relayed_at is not null as relayed from outbox_events
         where order_id = $1 order by id`,
        [orderId],
      );
    const deliveriesOf = (orderId: string) =>
      sql(app.databaseUrl, 'select order_status, state from webhook_deliveries where order_id = $1', [
        orderId,
      ]);
    const everyRowRelayed = [
      { type: 'order.created', to_status: 'new', relayed: true },
      { type: 'transaction.status_changed', to_status: 'new', relayed: true },
      { type: 'transaction.status_changed', to_status: 'accepted', relayed: true },
      { type: 'order.status_changed', to_status: 'completed', relayed: true },
    ];

    it('writes every outbox row of a card payment relayed when neither the order nor its project has a webhook URL', async () => {
      const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
      expect(paid.status).toBe('completed');
      expect(await outboxOf(paid.id)).toEqual([
        { type: 'order.created', to_status: 'new', relayed: true },
        { type: 'transaction.status_changed', to_status: 'new', relayed: true },
        { type: 'transaction.status_changed', to_status: 'accepted', relayed: true },
        { type: 'order.status_changed', to_status: 'completed', relayed: true },
      ]);
    });

    it("relays an order status change itself and queues its delivery to the order's webhook URL", async () => {
      const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
        order: { webhook_url: 'https://merchant.example/order-hook' },
      });
      expect(await outboxOf(paid.id)).toEqual(everyRowRelayed);
      expect(await deliveriesOf(paid.id)).toEqual([{ order_status: 'completed', state: 'pending' }]);
    });

    it("relays an order status change itself and queues its delivery to the project's webhook URL", async () => {
      const paid = await payOwnCheckoutOrder(app.baseUrl, hookedProject.apiKey);
      expect(await outboxOf(paid.id)).toEqual(everyRowRelayed);
      expect(await deliveriesOf(paid.id)).toEqual([{ order_status: 'completed', state: 'pending' }]);
    });

    it('sees a webhook URL the project was given after the order was created', async () => {
      const late = await seedProject(app);
      const created = await createCardOrder(app.baseUrl, late.apiKey);
      const [transaction] = created.transactions;
      await sql(
        app.databaseUrl,
        `update projects set webhook_url = 'https://merchant.example/late' where id = $1`,
        [late.projectId],
      );
      const stored = await storeCard(app, late.apiKey, {
        setupToken: transaction.payment_method_details.setup_token,
      });
      const { body: paid } = await restClient(app.baseUrl, late.apiKey).post<Json>(
        `/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`,
        { vault_token: stored.body.vault_token, cvc: TEST_CVC },
      );
      expect(paid.status).toBe('completed');
      expect(await outboxOf(created.id)).toEqual(everyRowRelayed);
      expect(await deliveriesOf(created.id)).toEqual([{ order_status: 'completed', state: 'pending' }]);
    });
  });

  describe('with the relay running', () => {
    let app: TestApp;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      app = await startTestApp({ OUTBOX_SWEEP_INTERVAL_SECONDS: '1' });
      receiver = await startReceiver(answer(200, 'ok'));
    });
    afterAll(async () => {
      await app.stop();
      await receiver.close();
    });

    it("delivers a card payment's completion to the project's webhook URL, and queues nothing for a project without one", async () => {
      const hooked = await seedProject(app, { webhookUrl: `${receiver.url}/project-hook` });
      const quiet = await seedProject(app);
      const paid = await payOwnCheckoutOrder(app.baseUrl, hooked.apiKey);
      const unheard = await payOwnCheckoutOrder(app.baseUrl, quiet.apiKey);
      await eventually(() => receiver.received.length >= 1, 10_000, 'the webhook arrived');
      expect(receiver.received.map((webhook) => JSON.parse(webhook.body).order_id)).toEqual([paid.id]);
      const queued = await sql(app.databaseUrl, 'select order_id, order_status from webhook_deliveries');
      expect(queued).toEqual([{ order_id: paid.id, order_status: 'completed' }]);
      const unrelayed = await sql(app.databaseUrl, 'select id from outbox_events where relayed_at is null');
      expect(unrelayed).toEqual([]);
      expect(unheard.status).toBe('completed');
    });
  });

  describe('updates', () => {
    let app: TestApp;

    afterAll(() => app.stop());

    beforeAll(async () => {
      app = await startTestApp({ JOBS_ENABLED: 'false' });
      // A young database: a few thousand orders with a transaction each, analysed.
      await seedProject(app);
      await seedOrders(app, 5000);
    });

    it.each([
      ['orders', ORDER_COLUMNS],
      ['transactions', TRANSACTION_COLUMNS],
    ])('reach the rows of %s through the primary key, never a scan of the table', async (table, columns) => {
      const plan = await genericPlan(app, updateRowsSql(table, columns), table);
      expect(plan).toContain(`${table}_pkey`);
      expect(plan).not.toMatch(new RegExp(`Seq Scan on ${table}`));
    });
  });

  describe('updates of one row on a young table', () => {
    let app: TestApp;

    beforeAll(async () => {
      app = await startTestApp({ JOBS_ENABLED: 'false' });
      // A few hundred rows: what a new database holds in its first seconds (the bench's card flow, a fresh
      // deployment), where a join to a 100-row estimate plans as a scan of the whole table.
      await seedProject(app);
      await seedOrders(app, 600);
    });
    afterAll(() => app.stop());

    it.each([
      ['orders', ORDER_COLUMNS],
      ['transactions', TRANSACTION_COLUMNS],
    ])(
      'reach the one row of %s through the primary key, never a scan of the table',
      async (table, columns) => {
        const plan = await genericPlan(app, updateRowsSql(table, columns, 1), table);
        expect(plan).toContain(`${table}_pkey`);
        expect(plan).not.toMatch(new RegExp(`Seq Scan on ${table}`));
      },
    );
  });
});
