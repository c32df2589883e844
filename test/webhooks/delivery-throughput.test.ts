import type { Pool } from 'pg';
import { buildOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
import { seedProject } from '../factories/project.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { statementLog } from '../helpers/statement-log.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually, type Respond, startReceiver } from '../helpers/webhook-receiver.ts';

const SWEEP_SECONDS = 60;

/** `count` orders of a new project that sends webhooks to `webhookUrl`, each cancelled: a change to deliver. */
async function statusChangesWaiting(writer: TestApp, webhookUrl: string, count: number): Promise<string[]> {
  const project = await seedProject(writer, { webhookUrl });
  const api = restClient(writer.baseUrl, project.apiKey);
  const orders = await Promise.all(
    Array.from(
      { length: count },
      async () => (await api.post<{ id: string }>('/v1/orders/', buildOrder())).body.id,
    ),
  );
  for (const orderId of orders) await cancelOrder(writer.runtime.services.orm, orderId);
  return orders;
}

describe('webhook delivery workers', () => {
  it('drain a backlog without waiting for a poll or a sweep between deliveries', async () => {
    const databaseUrl = await createTestDatabase();
    const writer = await startTestApp({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' });
    const receiver = await startReceiver();
    try {
      const orders = await statusChangesWaiting(writer, receiver.url, 150);

      // A worker process finds the backlog at start; nothing wakes it again but its own progress.
      const started = Date.now();
      const worker = await startTestApp({
        DATABASE_URL: databaseUrl,
        OUTBOX_SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS),
        JOB_POLL_INTERVAL_SECONDS: String(SWEEP_SECONDS),
      });
      try {
        await receiver.waitFor(orders.length, 30_000);
        expect(Date.now() - started).toBeLessThan(SWEEP_SECONDS * 1000);
        expect(new Set(receiver.received.map((webhook) => JSON.parse(webhook.body).order_id))).toEqual(
          new Set(orders),
        );
        await eventually(async () => {
          const [row] = await sql<{ n: string }>(
            databaseUrl,
            "select count(*) as n from webhook_deliveries where state = 'delivered' and attempt_count = 1",
          );
          return Number(row!.n) === orders.length;
        });
      } finally {
        await worker.stop();
      }
    } finally {
      await writer.stop();
      await receiver.close();
    }
  }, 60_000);

  it('record the attempts that finished and claim the next deliveries in one statement, on connections of their own', async () => {
    const databaseUrl = await createTestDatabase();
    const writer = await startTestApp({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' });
    // The receiver holds its first answers until the statement log is attached, then answers at once.
    let held: (() => void)[] | null = [];
    const respond: Respond = (_request, _index, response) => {
      const send = () => response.writeHead(200).end('ok');
      if (held) held.push(send);
      else send();
    };
    const receiver = await startReceiver(respond);
    try {
      const orders = await statusChangesWaiting(writer, receiver.url, 40);

      const worker = await startTestApp({
        DATABASE_URL: databaseUrl,
        OUTBOX_SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS),
      });
      try {
        await receiver.waitFor(1);
        const shared = await statementLog(worker);
        const all = await statementLog(worker, { workers: true });
        // Every connection of the requests' pool is taken (as by a flood of requests) for the whole drain.
        const pool = (await worker.runtime.services.orm.em.getConnection().getNativeClient()) as Pool;
        const taken = await Promise.all(
          Array.from({ length: worker.runtime.services.config.operations.databasePoolSize }, () =>
            pool.connect(),
          ),
        );
        let onShared: string[] = [];
        const statements = await all.during(async () => {
          onShared = await shared.during(async () => {
            const waiting = held ?? [];
            held = null;
            for (const send of waiting) send();
            await eventually(async () => {
              const [row] = await sql<{ n: string }>(
                databaseUrl,
                "select count(*) as n from webhook_deliveries where state = 'delivered'",
              );
              return Number(row!.n) === orders.length;
            });
          });
        });
        for (const client of taken) client.release();
        expect(onShared).toEqual([]);
        const queue = statements
          .map((text, index) => ({ text, values: all.values[index]! }))
          .filter(({ text }) => /webhook_deliver/.test(text) && !text.startsWith('webhooks.relay_outbox:'));
        // Every cycle is one prepared statement: no claim apart from the record, no BEGIN/COMMIT around it.
        expect(queue.length).toBeGreaterThan(0);
        expect(queue.filter(({ text }) => !text.startsWith('webhooks.record_and_claim:'))).toEqual([]);
        expect(statements.filter((text) => /^(begin|commit)\b/i.test(text))).toEqual([]);
        // Each statement recorded what had finished ($1, the delivery ids) and claimed up to the free slots
        // ($14): every delivery was recorded by a statement that also claimed.
        const recorded = queue.flatMap(({ values }) => values[0] as string[]);
        expect(recorded).toHaveLength(orders.length);
        expect(new Set(recorded).size).toBe(orders.length);
        expect(queue.every(({ values }) => (values[13] as number) > 0)).toBe(true);
        expect(queue.length).toBeLessThan(orders.length);
      } finally {
        await worker.stop();
      }
    } finally {
      await writer.stop();
      await receiver.close();
    }
  }, 60_000);

  it("keep one project's dead endpoint from delaying another project's first delivery", async () => {
    // The healthy delivery must come before any dead one times out; 5 s leaves a loaded machine room.
    const TIMEOUT_MS = 5000;
    const app = await startTestApp({
      WEBHOOK_FIRST_TIMEOUT_MS: String(TIMEOUT_MS),
      WEBHOOK_RETRY_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    const dead = await startReceiver(() => undefined); // accepts and never answers
    const healthy = await startReceiver();
    try {
      const stuck = await seedProject(app, { webhookUrl: `${dead.url}/never` });
      const other = await seedProject(app, { webhookUrl: healthy.url });
      const stuckApi = restClient(app.baseUrl, stuck.apiKey);
      const stuckOrders = await Promise.all(
        Array.from(
          { length: 40 },
          async () => (await stuckApi.post<{ id: string }>('/v1/orders/', buildOrder())).body.id,
        ),
      );
      for (const orderId of stuckOrders) await cancelOrder(app.runtime.services.orm, orderId);
      await dead.waitFor(8);

      const { body } = await restClient(app.baseUrl, other.apiKey).post<{ id: string }>(
        '/v1/orders/',
        buildOrder(),
      );
      const changed = Date.now();
      await cancelOrder(app.runtime.services.orm, body.id);
      const [webhook] = await healthy.waitFor(1, TIMEOUT_MS);
      expect(JSON.parse(webhook!.body).order_id).toBe(body.id);
      expect(webhook!.at - changed).toBeLessThan(TIMEOUT_MS);
      // The stuck project's deliveries are still waiting their turn, a few at a time.
      expect(dead.received.length).toBeLessThan(stuckOrders.length);
    } finally {
      await app.stop();
      await dead.close();
      await healthy.close();
    }
  }, 60_000);
});
