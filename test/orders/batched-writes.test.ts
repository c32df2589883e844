import { buildOrder, buildOwnCheckoutOrder } from '../factories/order.ts';
import { storeCard, TEST_CVC } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { type StatementLog, statementLog } from '../helpers/statement-log.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

const WRITE = /^orders\.write\.\d+:/;

/**
 * Concurrent creates leave merged into one statement while another is in flight (platform/db/write-batches.ts;
 * here one at a time, DATABASE_BATCHED_WRITES=1, so that every create after the first waits and merges). Each
 * order is still stored once, with its own rows, answer, audit entry and webhooks.
 */
describe('creates merged into shared statements', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let project: SeededProject;
  let api: RestClient;
  let log: StatementLog;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await startTestApp({ DATABASE_BATCHED_WRITES: '1' });
    project = await seedProject(app, { webhookUrl: receiver.url });
    api = restClient(app.baseUrl, project.apiKey);
    log = await statementLog(app);
  });
  afterAll(async () => {
    await app.stop();
    await receiver.close();
  });

  it('stores each of 30 concurrent orders once, with its outbox row and audit entry, in fewer statements than orders', async () => {
    const sent = Array.from({ length: 30 }, (_, index) =>
      buildOrder({ merchant_order_id: `merged-${index}` }),
    );
    let answers: { status: number; body: Json }[] = [];
    const statements = await log.during(async () => {
      answers = await Promise.all(sent.map((order) => api.post<Json>('/v1/orders/', order)));
    });

    expect(answers.map((answer) => answer.status)).toEqual(sent.map(() => 201));
    expect(answers.map((answer) => answer.body.merchant_order_id)).toEqual(
      sent.map((order) => order.merchant_order_id),
    );
    const ids = answers.map((answer) => answer.body.id as string);
    expect(new Set(ids).size).toBe(30);
    const writes = statements.filter((statement) => WRITE.test(statement));
    expect(writes.length).toBeGreaterThanOrEqual(2);
    expect(writes.length).toBeLessThan(30);

    const [stored] = await sql<{ orders: number; outbox: number; audit: number }>(
      app.databaseUrl,
      `select (select count(*) from orders where id = any($1::uuid[]))::int as orders,
              (select count(*) from outbox_events where type = 'order.created' and order_id = any($1::uuid[]))::int as outbox,
              (select count(*) from audit_events where target_type = 'order' and target_id = any($1::text[]))::int as audit`,
      [ids],
    );
    expect(stored).toEqual({ orders: 30, outbox: 30, audit: 30 });
    for (const answer of answers) {
      expect((await api.get<Json>(`/v1/orders/${answer.body.id}/`)).body).toEqual(answer.body);
    }
  });

  it('merges creates under their own Idempotency-Keys too: each key records its own order, and a retry returns it', async () => {
    const keyed = Array.from({ length: 20 }, (_, index) => ({
      key: `merged-key-${index}-${Math.random().toString(36).slice(2)}`,
      order: buildOrder({ merchant_order_id: `merged-keyed-${index}` }),
    }));
    let answers: { status: number; body: Json }[] = [];
    const statements = await log.during(async () => {
      answers = await Promise.all(
        keyed.map(({ key, order }) => api.post<Json>('/v1/orders/', order, { 'idempotency-key': key })),
      );
    });
    expect(answers.map((answer) => answer.status)).toEqual(keyed.map(() => 201));
    expect(statements.filter((statement) => WRITE.test(statement)).length).toBeLessThan(20);

    const recorded = await sql<{ key: string; point: string; order_id: string }>(
      app.databaseUrl,
      `select key, recovery_point as point, recovery ->> 'orderId' as order_id from idempotency_keys
        where key = any($1::text[])`,
      [keyed.map(({ key }) => key)],
    );
    expect(Object.fromEntries(recorded.map((row) => [row.key, [row.point, row.order_id]]))).toEqual(
      Object.fromEntries(keyed.map(({ key }, index) => [key, ['order_created', answers[index]!.body.id]])),
    );
    for (const [index, { key, order }] of keyed.entries()) {
      const retry = await api.post<Json>('/v1/orders/', order, { 'idempotency-key': key });
      expect(retry.body.id).toBe(answers[index]!.body.id);
    }
  });

  it('pays 12 concurrent one-click orders: each authorized once, each status change delivered once', async () => {
    const vaultToken = await storedCardToken();
    const oneClick = () =>
      api.post<Json>(
        '/v1/orders/',
        buildOwnCheckoutOrder(
          'credit-card',
          {},
          { payment_method_details: { one_click_type: 'one-click', vault_token: vaultToken, cvc: TEST_CVC } },
        ),
      );
    // One alone first: the webhooks a one-click order gets.
    const alone = await oneClick();
    expect(alone.body.status).toBe('completed');
    const perOrder = (await webhooksOf(alone.body.id, 1)).length;
    expect(perOrder).toBeGreaterThan(0);

    let answers: { status: number; body: Json }[] = [];
    const statements = await log.during(async () => {
      answers = await Promise.all(Array.from({ length: 12 }, oneClick));
    });
    expect(answers.map((answer) => [answer.status, answer.body.status])).toEqual(
      answers.map(() => [201, 'completed']),
    );
    expect(statements.filter((statement) => WRITE.test(statement)).length).toBeLessThan(12);

    const transactionIds = answers.map((answer) => answer.body.transactions[0].id as string);
    const authorizations = await sql<{ transaction_id: string }>(
      app.databaseUrl,
      'select transaction_id from card_authorizations where transaction_id = any($1::uuid[])',
      [transactionIds],
    );
    expect(authorizations.map((row) => row.transaction_id).sort()).toEqual([...transactionIds].sort());
    for (const answer of answers) expect(await webhooksOf(answer.body.id, perOrder)).toHaveLength(perOrder);
    // Nothing more arrives for them: each status change was queued once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const answer of answers) expect(await webhooksOf(answer.body.id, perOrder)).toHaveLength(perOrder);
  });

  /** The webhooks received for an order, once at least `count` of them arrived. */
  async function webhooksOf(orderId: string, count: number) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const received = receiver.received.filter((webhook) => JSON.parse(webhook.body).order_id === orderId);
      if (received.length >= count || Date.now() > deadline) return received;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** The vault token of a card stored for a fresh own-checkout order. */
  async function storedCardToken(): Promise<string> {
    const { body: order } = await api.post<Json>('/v1/orders/', buildOwnCheckoutOrder());
    const stored = await storeCard(app, project.apiKey, {
      setupToken: order.transactions[0].payment_method_details.setup_token,
    });
    return stored.body.vault_token;
  }
});
