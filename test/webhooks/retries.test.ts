import { freePort } from '../../src/platform/db/embedded-postgres.ts';
import { buildOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, eventually, startReceiver } from '../helpers/webhook-receiver.ts';

const INTERVAL_MS = 1000;
const FIRST_TIMEOUT_MS = 400;
const RETRY_TIMEOUT_MS = 1200;

const DELIVERIES = `query Deliveries($id: ID!) {
  order(id: $id) {
    webhookDeliveries {
      state attemptCount maxAttempts nextAttempt completed
      attempts { number httpStatus errorKind errorMessage durationMs }
    }
  }
}`;

describe('webhook retries and failures', () => {
  let app: TestApp;
  let project: SeededProject;
  let gql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp({
      WEBHOOK_RETRY_INTERVAL_SECONDS: String(INTERVAL_MS / 1000),
      WEBHOOK_FIRST_TIMEOUT_MS: String(FIRST_TIMEOUT_MS),
      WEBHOOK_RETRY_TIMEOUT_MS: String(RETRY_TIMEOUT_MS),
    });
    project = await seedProject(app);
    gql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  async function changeStatusOfOrderFor(webhookUrl: string): Promise<string> {
    const created = await restClient(app.baseUrl, project.apiKey).post<{ id: string }>(
      '/v1/orders/',
      buildOrder({ webhook_url: webhookUrl }),
    );
    await cancelOrder(app.runtime.services.orm, created.body.id);
    return created.body.id;
  }

  async function deliveryOf(orderId: string, until: (delivery: any) => boolean, timeoutMs = 20_000) {
    return eventually(
      async () => {
        const { data } = await gql<{ order: { webhookDeliveries: any[] } }>(DELIVERIES, { id: orderId });
        const delivery = data?.order.webhookDeliveries[0];
        return delivery && until(delivery) ? delivery : undefined;
      },
      timeoutMs,
      'delivery state',
    );
  }

  it('retries a receiver that answers 500 twice, at the configured interval, and stops at its 200', async () => {
    const receiver = await startReceiver((request, index, response) =>
      index < 2 ? answer(500, 'busy')(request, index, response) : answer(200)(request, index, response),
    );
    try {
      const orderId = await changeStatusOfOrderFor(receiver.url);
      const [first, second, third] = await receiver.waitFor(3);
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(INTERVAL_MS - 50);
      expect(third!.at - second!.at).toBeGreaterThanOrEqual(INTERVAL_MS - 50);
      expect(new Set([first!.body, second!.body, third!.body]).size).toBe(1);

      const delivery = await deliveryOf(orderId, (d) => d.state === 'DELIVERED');
      expect(delivery.attemptCount).toBe(3);
      expect(delivery.attempts.map((a: any) => [a.number, a.httpStatus, a.errorKind])).toEqual([
        [1, 500, 'HTTP_STATUS'],
        [2, 500, 'HTTP_STATUS'],
        [3, 200, null],
      ]);
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 1.5));
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it('fails an attempt whose reply is late: the first waits the first-attempt timeout, retries the longer one', async () => {
    const hanging = await startReceiver(() => undefined);
    try {
      const orderId = await changeStatusOfOrderFor(`${hanging.url}/slow`);
      const delivery = await deliveryOf(orderId, (d) => d.attemptCount >= 2);
      const [first, second] = delivery.attempts;
      expect(first).toMatchObject({ number: 1, httpStatus: null, errorKind: 'READ_TIMEOUT' });
      expect(first.durationMs).toBeGreaterThanOrEqual(FIRST_TIMEOUT_MS);
      expect(first.durationMs).toBeLessThan(RETRY_TIMEOUT_MS);
      expect(second).toMatchObject({ number: 2, errorKind: 'READ_TIMEOUT' });
      expect(second.durationMs).toBeGreaterThanOrEqual(RETRY_TIMEOUT_MS);
      expect(delivery.state).toBe('PENDING');
      expect(delivery.nextAttempt).not.toBeNull();
    } finally {
      await hanging.close();
    }
  });

  it('records a refused connection as a failed attempt', async () => {
    const closedPort = await freePort();
    const orderId = await changeStatusOfOrderFor(`http://127.0.0.1:${closedPort}/hook`);
    const delivery = await deliveryOf(orderId, (d) => d.attemptCount >= 1);
    expect(delivery.attempts[0]).toMatchObject({
      number: 1,
      httpStatus: null,
      errorKind: 'CONNECTION_REFUSED',
    });
    expect(delivery.attempts[0].errorMessage).toContain('ECONNREFUSED');
  });

  it('stops after the tenth failed attempt and shows the delivery as failed', async () => {
    const failing = await startReceiver(answer(503, 'down for maintenance'));
    try {
      const orderId = await changeStatusOfOrderFor(failing.url);
      await failing.waitFor(10, 35_000);
      const delivery = await deliveryOf(orderId, (d) => d.state === 'FAILED');
      expect(delivery).toMatchObject({
        state: 'FAILED',
        attemptCount: 10,
        maxAttempts: 10,
        nextAttempt: null,
      });
      expect(delivery.completed).not.toBeNull();
      expect(delivery.attempts.map((a: any) => a.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(delivery.attempts.every((a: any) => a.httpStatus === 503)).toBe(true);
      // No eleventh attempt.
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 2.5));
      expect(failing.received).toHaveLength(10);
    } finally {
      await failing.close();
    }
  }, 60_000);
});
