import { buildOwnCheckoutOrder } from '../factories/order.ts';
import { payOwnCheckoutOrder, storeCard, TEST_CVC } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

/** A one-click payment (new → completed in one call) in `project`, with a card stored for it first. */
async function payOneClick(app: TestApp, project: SeededProject, order: Json = {}): Promise<Json> {
  const api = restClient(app.baseUrl, project.apiKey);
  const { body: first } = await api.post<Json>('/v1/orders/', buildOwnCheckoutOrder());
  const stored = await storeCard(app, project.apiKey, {
    setupToken: first.transactions[0].payment_method_details.setup_token,
  });
  const { status, body } = await api.post<Json>(
    '/v1/orders/',
    buildOwnCheckoutOrder('credit-card', order, {
      payment_method_details: {
        one_click_type: 'one-click',
        vault_token: stored.body.vault_token,
        cvc: TEST_CVC,
      },
    }),
  );
  expect(status).toBe(201);
  expect(body.status).toBe('completed');
  return body;
}

/**
 * Creating an order, and paying an own-checkout card transaction (authenticate), relay their own outbox rows:
 * the order status change's webhook delivery is queued by the very statement that writes the change (the
 * relay's rule: the order's or else the project's URL), so the outbox relay has nothing to claim or rewrite,
 * and no process's relay is woken to look.
 */
describe('an order write that queues its own webhook deliveries', () => {
  describe('with the workers off (nothing but the write itself)', () => {
    let app: TestApp;

    beforeAll(async () => {
      app = await startTestApp({ JOBS_ENABLED: 'false' });
    });
    afterAll(() => app.stop());

    const outboxOf = (orderId: string) =>
      sql(
        app.databaseUrl,
        'select type, relayed_at is not null as relayed from outbox_events where order_id = $1',
        [orderId],
      );
    const deliveriesOf = (orderId: string) =>
      sql(
        app.databaseUrl,
        `select d.state, d.attempt_count, d.max_attempts, d.order_status, d.reason, d.event_id = e.event_id as same_event
           from webhook_deliveries d join outbox_events e on e.id = d.outbox_event_id
          where d.order_id = $1`,
        [orderId],
      );

    /** The delivery a write queues for an order's completion, not attempted yet. */
    const pendingCompletion = () => ({
      state: 'pending',
      attempt_count: 0,
      max_attempts: app.runtime.deps.config.webhooks.maxAttempts,
      order_status: 'completed',
      reason: 'status_changed',
      same_event: true,
    });

    it('queues one pending delivery for the order status change when the project has a webhook URL', async () => {
      const project = await seedProject(app, { webhookUrl: 'http://127.0.0.1:9/project-hook' });
      const order = await payOneClick(app, project);
      const outbox = await outboxOf(order.id);
      expect(outbox.length).toBeGreaterThan(0);
      expect(outbox.every((row) => row.relayed)).toBe(true);
      expect(await deliveriesOf(order.id)).toEqual([pendingCompletion()]);
    });

    it("queues the delivery for the order's own webhook_url in a project without one", async () => {
      const project = await seedProject(app);
      const order = await payOneClick(app, project, { webhook_url: 'http://127.0.0.1:9/order-hook' });
      expect(await deliveriesOf(order.id)).toHaveLength(1);
    });

    it('queues the delivery of a card payment authenticated with a stored card in the same write', async () => {
      const project = await seedProject(app, { webhookUrl: 'http://127.0.0.1:9/project-hook' });
      const order = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
      expect(order.status).toBe('completed');
      expect((await outboxOf(order.id)).every((row) => row.relayed)).toBe(true);
      expect(await deliveriesOf(order.id)).toContainEqual(pendingCompletion());
    });

    it('queues nothing, and still relays every row, when neither the order nor the project has a URL', async () => {
      const project = await seedProject(app);
      const order = await payOneClick(app, project);
      expect(await deliveriesOf(order.id)).toEqual([]);
      expect((await outboxOf(order.id)).every((row) => row.relayed)).toBe(true);
    });
  });

  describe('with the workers on', () => {
    let app: TestApp;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      receiver = await startReceiver(answer(200, 'thanks'));
      app = await startTestApp();
    });
    afterAll(async () => {
      await app.stop();
      await receiver.close();
    });

    it('delivers the webhook the write queued, without waiting for a sweep', async () => {
      const project = await seedProject(app, { webhookUrl: `${receiver.url}/hook` });
      const order = await payOneClick(app, project);
      await eventually(
        async () => receiver.received.some((webhook) => JSON.parse(webhook.body).order_id === order.id),
        5_000,
        'the one-click webhook arrived',
      );
      await eventually(async () => {
        const rows = await sql(app.databaseUrl, 'select state from webhook_deliveries where order_id = $1', [
          order.id,
        ]);
        return rows.length === 1 && rows[0]!.state === 'delivered';
      }, 5_000);
    });
  });
});
