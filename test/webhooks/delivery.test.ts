import { Webhook } from 'standardwebhooks';
import { buildOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const DELIVERIES = `query Deliveries($id: ID!) {
  order(id: $id) {
    webhookDeliveries {
      id reason orderStatus state attemptCount maxAttempts nextAttempt completed
      attempts { number url httpStatus errorKind errorMessage durationMs responseExcerpt signed }
    }
  }
}`;

describe('webhook delivery', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let project: SeededProject;
  let gql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp({ WEBHOOK_RETRY_INTERVAL_SECONDS: '1', OUTBOX_SWEEP_INTERVAL_SECONDS: '1' });
    receiver = await startReceiver(answer(200, 'thanks'));
    project = await seedProject(app);
    gql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(async () => {
    await app.stop();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  async function createOrder(apiKey: string, overrides: Record<string, unknown> = {}): Promise<string> {
    const created = await restClient(app.baseUrl, apiKey).post<{ id: string }>(
      '/v1/orders/',
      buildOrder(overrides),
    );
    expect(created.status).toBe(201);
    return created.body.id;
  }

  async function deliveriesOf(orderId: string, client = gql) {
    const { data, errors } = await client<{ order: { webhookDeliveries: any[] } }>(DELIVERIES, {
      id: orderId,
    });
    expect(errors).toBeUndefined();
    return data!.order.webhookDeliveries;
  }

  it("posts exactly the spec's body to the order's webhook_url and logs one delivered attempt", async () => {
    const orderId = await createOrder(project.apiKey, { webhook_url: `${receiver.url}/orders-hook?x=1` });
    await cancelOrder(app.runtime.services.orm, orderId);

    const [webhook] = await receiver.waitFor(1);
    expect(webhook!.method).toBe('POST');
    expect(webhook!.path).toBe('/orders-hook?x=1');
    expect(webhook!.headers['content-type']).toBe('application/json');
    expect(webhook!.headers['webhook-signature']).toBeUndefined();
    expect(webhook!.body).toBe(
      JSON.stringify({ event: 'status_changed', order_id: orderId, project_id: project.projectId }),
    );

    const [delivery] = await eventually(async () => {
      const deliveries = await deliveriesOf(orderId);
      return deliveries[0]?.state === 'DELIVERED' && deliveries;
    });
    expect(delivery).toMatchObject({
      reason: 'STATUS_CHANGED',
      orderStatus: 'CANCELLED',
      attemptCount: 1,
      maxAttempts: 10,
      nextAttempt: null,
      attempts: [
        {
          number: 1,
          url: `${receiver.url}/orders-hook?x=1`,
          httpStatus: 200,
          errorKind: null,
          responseExcerpt: 'thanks',
          signed: false,
        },
      ],
    });
    expect(delivery.completed).not.toBeNull();
  });

  it("falls back to the project's webhook URL, and sends nothing when neither is set", async () => {
    const withUrl = await seedProject(app, { webhookUrl: `${receiver.url}/project-hook` });
    const without = await seedProject(app);
    const toProject = await createOrder(withUrl.apiKey);
    const toNobody = await createOrder(without.apiKey);
    await cancelOrder(app.runtime.services.orm, toNobody);
    await cancelOrder(app.runtime.services.orm, toProject);

    const [webhook] = await receiver.waitFor(1);
    expect(webhook!.path).toBe('/project-hook');
    expect(JSON.parse(webhook!.body)).toEqual({
      event: 'status_changed',
      order_id: toProject,
      project_id: withUrl.projectId,
    });
    // Relayed (the row was handled) but no delivery was created for the order without any URL.
    const rows = await sql(app.databaseUrl, 'select relayed_at from outbox_events where order_id = $1', [
      toNobody,
    ]);
    expect(rows.every((row) => row.relayed_at !== null)).toBe(true);
    const deliveries = await sql(app.databaseUrl, 'select id from webhook_deliveries where order_id = $1', [
      toNobody,
    ]);
    expect(deliveries).toEqual([]);
    expect(receiver.received).toHaveLength(1);
  });

  it('does not follow a redirect: a 302 is a failed attempt and the other host gets nothing', async () => {
    const elsewhere = await startReceiver();
    const redirecting = await startReceiver((_request, _index, response) =>
      response.writeHead(302, { location: `${elsewhere.url}/moved` }).end(),
    );
    try {
      const orderId = await createOrder(project.apiKey, { webhook_url: redirecting.url });
      await cancelOrder(app.runtime.services.orm, orderId);
      await redirecting.waitFor(1);
      const [delivery] = await eventually(async () => {
        const deliveries = await deliveriesOf(orderId);
        return deliveries[0]?.attemptCount === 1 && deliveries;
      });
      expect(delivery.attempts[0]).toMatchObject({ httpStatus: 302, errorKind: 'HTTP_STATUS' });
      expect(elsewhere.received).toEqual([]);
    } finally {
      await redirecting.close();
      await elsewhere.close();
    }
  });

  it('signs deliveries (Standard Webhooks) once signing is enabled, with a secret shown only once, and stops when disabled', async () => {
    const signing = await seedProject(app, { webhookUrl: `${receiver.url}/signed` });
    const client = graphqlClient(app.baseUrl, signing.apiKey);
    const enabled = await client<{
      enableWebhookSigning: { secret: string; project: any; userErrors: unknown[] };
    }>('mutation { enableWebhookSigning { secret project { webhookSigningEnabled } userErrors { code } } }');
    const { secret, project: shown, userErrors } = enabled.data!.enableWebhookSigning;
    expect(userErrors).toEqual([]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(shown.webhookSigningEnabled).toBe(true);
    // Nowhere to read it back: the project only says whether signing is on.
    const read = await client<{ project: Record<string, unknown> }>('{ project { webhookSigningEnabled } }');
    expect(read.data!.project).toEqual({ webhookSigningEnabled: true });

    const signedOrder = await createOrder(signing.apiKey);
    await cancelOrder(app.runtime.services.orm, signedOrder);
    const [webhook] = await receiver.waitFor(1);
    const header = webhook!.headers['webhook-signature'] as string;
    expect(header).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // Verified with the Standard Webhooks library, exactly as a receiver would.
    const headers = webhook!.headers as Record<string, string>;
    expect(new Webhook(secret).verify(webhook!.body, headers)).toEqual(JSON.parse(webhook!.body));
    expect(() => new Webhook(secret).verify(webhook!.body.replace('status_changed', 'x'), headers)).toThrow();
    const staleTimestamp = String(Number(headers['webhook-timestamp']) - 3600);
    expect(() =>
      new Webhook(secret).verify(webhook!.body, { ...headers, 'webhook-timestamp': staleTimestamp }),
    ).toThrow();
    const [delivery] = await eventually(async () => {
      const deliveries = await deliveriesOf(signedOrder, client);
      return deliveries[0]?.state === 'DELIVERED' && deliveries;
    });
    expect(delivery.attempts[0].signed).toBe(true);

    const disabled = await client<{ disableWebhookSigning: { project: any } }>(
      'mutation { disableWebhookSigning { project { webhookSigningEnabled } userErrors { code } } }',
    );
    expect(disabled.data!.disableWebhookSigning.project.webhookSigningEnabled).toBe(false);
    const unsignedOrder = await createOrder(signing.apiKey);
    await cancelOrder(app.runtime.services.orm, unsignedOrder);
    const [, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-signature']).toBeUndefined();
    expect(second!.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("redelivers an order's latest notification on request, as a new delivery", async () => {
    const orderId = await createOrder(project.apiKey, { webhook_url: `${receiver.url}/again` });
    const REDELIVER = `mutation R($id: ID!) {
      redeliverWebhook(orderId: $id) { delivery { reason orderStatus state } userErrors { field code } }
    }`;
    const tooEarly = await gql<{ redeliverWebhook: any }>(REDELIVER, { id: orderId });
    expect(tooEarly.data!.redeliverWebhook).toEqual({
      delivery: null,
      userErrors: [{ field: 'orderId', code: 'no_notification' }],
    });

    await cancelOrder(app.runtime.services.orm, orderId);
    await receiver.waitFor(1);
    const again = await gql<{ redeliverWebhook: any }>(REDELIVER, { id: orderId });
    expect(again.data!.redeliverWebhook).toEqual({
      delivery: { reason: 'REDELIVERY', orderStatus: 'CANCELLED', state: 'PENDING' },
      userErrors: [],
    });
    const [first, second] = await receiver.waitFor(2);
    expect(second!.body).toBe(first!.body);
    const deliveries = await eventually(async () => {
      const all = await deliveriesOf(orderId);
      return all.every((d) => d.state === 'DELIVERED') && all;
    });
    expect(deliveries.map((d) => d.reason)).toEqual(['REDELIVERY', 'STATUS_CHANGED']);

    const stranger = await seedProject(app);
    const foreign = await graphqlClient(app.baseUrl, stranger.apiKey)<{ redeliverWebhook: any }>(REDELIVER, {
      id: orderId,
    });
    expect(foreign.data!.redeliverWebhook.userErrors).toEqual([{ field: 'orderId', code: 'not_found' }]);
  });
});
