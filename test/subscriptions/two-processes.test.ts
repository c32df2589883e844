import { buildOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { type LiveClient, liveClient, subscriptionSettled } from '../helpers/graphql-ws.ts';
import { restClient } from '../helpers/http.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const ENV = { WEBHOOK_RETRY_INTERVAL_SECONDS: '1', OUTBOX_SWEEP_INTERVAL_SECONDS: '1', JOBS_ENABLED: 'true' };

describe('two server processes on one database', () => {
  let databaseUrl: string;
  let processA: TestApp;
  let processB: ServerProcess;
  let receiver: WebhookReceiver;
  let subscriber: LiveClient | null = null;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    receiver = await startReceiver();
    [processA, processB] = await Promise.all([
      startTestApp({ DATABASE_URL: databaseUrl, ...ENV }),
      startServerProcess({ DATABASE_URL: databaseUrl, ...ENV }),
    ]);
  });
  afterAll(async () => {
    await subscriber?.dispose();
    await processB.kill('SIGTERM');
    await processA.stop();
    await receiver.close();
  });

  it('delivers one webhook per change, and a subscriber on B sees changes made through REST on A', async () => {
    const project = await seedProject(processA, { webhookUrl: `${receiver.url}/hook` });
    subscriber = liveClient(processB.baseUrl, { apiKey: project.apiKey });
    await subscriber.connected;
    const changes = subscriber.subscribe<{ orderStatusChanged: { id: string; status: string } }>(
      'subscription { orderStatusChanged { id status } }',
    );
    await subscriptionSettled();

    // Through REST on A: two card payments (store the card, authenticate) ...
    const paid = [
      await payOwnCheckoutOrder(processA.baseUrl, project.apiKey),
      await payOwnCheckoutOrder(processA.baseUrl, project.apiKey),
    ];
    expect(paid.map((order) => order.status)).toEqual(['completed', 'completed']);
    // ... and two cancellations through the status-change service in A.
    const rest = restClient(processA.baseUrl, project.apiKey);
    for (let i = 0; i < 2; i++) {
      const { body } = await rest.post<{ id: string }>('/v1/orders/', buildOrder());
      await cancelOrder(processA.runtime.services.orm, body.id);
    }

    const statusChanges = await sql<{ id: string; order_id: string; to_status: string }>(
      databaseUrl,
      "select id, order_id, to_status from outbox_events where topic = 'order_status_changed' order by id",
    );
    expect(statusChanges.length).toBeGreaterThanOrEqual(4);

    // B's subscriber saw every change made on A, in order per order.
    const seen = await changes.waitFor(statusChanges.length);
    expect(seen.map((event) => event.orderStatusChanged.id).sort()).toEqual(
      statusChanges.map((row) => row.order_id).sort(),
    );
    for (const order of paid) {
      expect(seen.filter((e) => e.orderStatusChanged.id === order.id).at(-1)!.orderStatusChanged.status).toBe(
        'COMPLETED',
      );
    }

    // Both processes relay and deliver, yet each change is delivered once.
    await receiver.waitFor(statusChanges.length);
    const deliveries = await eventually(async () => {
      const rows = await sql<{ outbox_event_id: string; state: string; attempt_count: number }>(
        databaseUrl,
        'select outbox_event_id, state, attempt_count from webhook_deliveries',
      );
      return rows.length === statusChanges.length && rows.every((row) => row.state === 'delivered') && rows;
    });
    expect(deliveries.map((row) => row.outbox_event_id).sort()).toEqual(
      statusChanges.map((row) => row.id).sort(),
    );
    expect(deliveries.every((row) => row.attempt_count === 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(receiver.received).toHaveLength(statusChanges.length);
    expect(changes.events).toHaveLength(statusChanges.length);
  }, 60_000);
});
