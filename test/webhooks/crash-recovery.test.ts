import { buildOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
import { seedProject } from '../factories/project.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const WEBHOOK_ENV = {
  WEBHOOK_RETRY_INTERVAL_SECONDS: '2',
  WEBHOOK_FIRST_TIMEOUT_MS: '1000',
  WEBHOOK_RETRY_TIMEOUT_MS: '1000',
  OUTBOX_SWEEP_INTERVAL_SECONDS: '1',
};

describe('webhook delivery across a crash', () => {
  let databaseUrl: string;
  /** Writes orders and status changes; runs no workers, so only the server process delivers. */
  let writer: TestApp;
  let receiver: WebhookReceiver;
  let server: ServerProcess | null = null;
  let failing = true;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    writer = await startTestApp({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false', ...WEBHOOK_ENV });
    receiver = await startReceiver((request, index, response) =>
      (failing ? answer(500, 'not yet') : answer(200, 'ok'))(request, index, response),
    );
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await writer.stop();
    await receiver.close();
  });

  it('delivers every notification after the server is SIGKILLed with deliveries pending and restarted', async () => {
    const project = await seedProject(writer, { webhookUrl: receiver.url });
    const rest = restClient(writer.baseUrl, project.apiKey);
    const createOrders = async (count: number) =>
      Promise.all(
        Array.from(
          { length: count },
          async () => (await rest.post<{ id: string }>('/v1/orders/', buildOrder())).body.id,
        ),
      );

    server = await startServerProcess({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'true', ...WEBHOOK_ENV });
    const beforeCrash = await createOrders(4);
    for (const orderId of beforeCrash) await cancelOrder(writer.runtime.services.orm, orderId);
    // Every first attempt failed (500): the retries are scheduled in the queue when the server dies.
    await receiver.waitFor(4);
    await eventually(async () => {
      const [row] = await sql<{ pending: string }>(
        databaseUrl,
        "select count(*) as pending from webhook_deliveries where state = 'pending' and attempt_count = 1",
      );
      return Number(row!.pending) === 4;
    });
    await server.kill('SIGKILL');
    server = null;

    // Changes while no server runs: outbox rows nobody relays yet.
    const whileDown = await createOrders(3);
    for (const orderId of whileDown) await cancelOrder(writer.runtime.services.orm, orderId);
    const unrelayed = await sql(databaseUrl, 'select id from outbox_events where relayed_at is null');
    expect(unrelayed.length).toBeGreaterThanOrEqual(3);

    failing = false;
    server = await startServerProcess({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'true', ...WEBHOOK_ENV });
    const everyOrder = [...beforeCrash, ...whileDown];
    await eventually(
      async () => {
        const rows = await sql<{ order_id: string }>(
          databaseUrl,
          "select order_id from webhook_deliveries where state = 'delivered'",
        );
        return rows.length === everyOrder.length;
      },
      30_000,
      'every delivery delivered',
    );
    const delivered = receiver.received
      .filter((_, index) => index >= 4)
      .map((webhook) => JSON.parse(webhook.body).order_id as string);
    expect(new Set(delivered)).toEqual(new Set(everyOrder));
    const deliveries = await sql<{ n: string }>(databaseUrl, 'select count(*) as n from webhook_deliveries');
    expect(Number(deliveries[0]!.n)).toBe(everyOrder.length);
  }, 90_000);
});
