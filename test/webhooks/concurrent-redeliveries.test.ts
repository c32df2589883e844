import { buildOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

const REDELIVER_ONE = `mutation ($id: ID!) { redeliverWebhook(orderId: $id) { delivery { id } userErrors { code } } }`;
const REDELIVER_ALL = `mutation { redeliverWebhooks(filter: {state: GAVE_UP}) { queued userErrors { code } } }`;

/** Redeliveries asked for many times at once (a merchant's double click, a dashboard retrying) queue one each. */
describe('redeliveries asked for at once', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let gql: GraphQLClient;
  let orders: string[];

  beforeAll(async () => {
    // Two attempts a minute apart: a redelivery stays pending after its first failed attempt, for the test.
    app = await startTestApp({ WEBHOOK_MAX_ATTEMPTS: '2', WEBHOOK_RETRY_INTERVAL_SECONDS: '60' });
    receiver = await startReceiver(answer(503, 'down'));
    const project = await seedProject(app, { webhookUrl: `${receiver.url}/hook` });
    gql = graphqlClient(app.baseUrl, project.apiKey);
    const api = restClient(app.baseUrl, project.apiKey);
    orders = [];
    for (let i = 0; i < 3; i++) {
      const { body } = await api.post<Json>('/v1/orders/', buildOrder());
      await cancelOrder(app.runtime.services.orm, body.id);
      orders.push(body.id);
    }
    await eventually(async () => {
      const rows = await sql(app.databaseUrl, 'select id from webhook_deliveries where attempt_count = 1');
      return rows.length === 3;
    }, 20_000);
    // Given up on, as they would be after their second attempt a minute from now.
    await sql(app.databaseUrl, "update webhook_deliveries set state = 'failed', next_attempt_at = null");
  });
  afterAll(async () => {
    await app.stop();
    await receiver.close();
  });

  const pendingRedeliveries = () =>
    sql<{ event_id: string }>(
      app.databaseUrl,
      "select event_id from webhook_deliveries where reason = 'redelivery' and state = 'pending'",
    );

  it("queues one redelivery of an order's notification, however many ask at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => gql<Json>(REDELIVER_ONE, { id: orders[0] })),
    );
    const codes = answers.map((each) => each.data!.redeliverWebhook.userErrors[0]?.code ?? 'queued');
    expect(codes.filter((code) => code === 'queued')).toHaveLength(1);
    expect(codes.filter((code) => code === 'redelivery_pending')).toHaveLength(11);
    expect(await pendingRedeliveries()).toHaveLength(1);
  });

  it('queues each event once when whole selections are redelivered at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => gql<Json>(REDELIVER_ALL)));
    const queued = answers.reduce((sum, each) => sum + each.data!.redeliverWebhooks.queued, 0);
    // The first order's event is pending already (above): the other two are queued, once.
    expect(queued).toBe(2);
    const pending = await pendingRedeliveries();
    expect(pending).toHaveLength(3);
    expect(new Set(pending.map((row) => row.event_id)).size).toBe(3);
  });
});
