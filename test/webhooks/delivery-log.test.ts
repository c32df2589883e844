import { Webhook } from 'standardwebhooks';
import { buildOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

const LOG = `query Log($first: Int, $after: String, $filter: WebhookDeliveryFilter) {
  webhookDeliveries(first: $first, after: $after, filter: $filter) {
    edges { cursor node { id orderId eventId reason status state attemptCount
      attempts { number httpStatus errorKind signed } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const HEALTH = '{ project { webhookHealth { lastSuccessAt lastFailureAt consecutiveFailures } } }';

describe('the project-wide webhook delivery log', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let failing = true;
  let project: SeededProject;
  let gql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp({ WEBHOOK_MAX_ATTEMPTS: '2', WEBHOOK_RETRY_INTERVAL_SECONDS: '1' });
    receiver = await startReceiver((request, index, response) =>
      (failing ? answer(503, 'down') : answer(200, 'ok'))(request, index, response),
    );
    project = await seedProject(app, { webhookUrl: `${receiver.url}/hook` });
    gql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(async () => {
    await app.stop();
    await receiver.close();
  });

  const changeOrders = async (count: number, client = project) => {
    const api = restClient(app.baseUrl, client.apiKey);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const { body } = await api.post<Json>('/v1/orders/', buildOrder());
      await cancelOrder(app.runtime.services.orm, body.id);
      ids.push(body.id);
    }
    return ids;
  };
  const log = async (variables: Json = {}, client = gql) => {
    const { data, errors } = await client<Json>(LOG, variables);
    expect(errors).toBeUndefined();
    return data!.webhookDeliveries;
  };

  it('lists every delivery with its attempts, by status, order and time, and gives up with an event', async () => {
    const orders = await changeOrders(3);
    const gaveUp = await eventually(async () => {
      const page = await log({ filter: { state: 'GAVE_UP' } });
      return page.edges.length === 3 && page;
    }, 20_000);
    expect(gaveUp.edges.map((edge: Json) => edge.node.orderId)).toEqual([...orders].reverse());
    for (const { node } of gaveUp.edges) {
      expect(node).toMatchObject({
        reason: 'STATUS_CHANGED',
        status: 'GAVE_UP',
        state: 'FAILED',
        attemptCount: 2,
      });
      expect(node.attempts.map((a: Json) => [a.number, a.httpStatus, a.errorKind])).toEqual([
        [1, 503, 'HTTP_STATUS'],
        [2, 503, 'HTTP_STATUS'],
      ]);
    }
    // The webhook-id of every attempt is the delivery's event id.
    const first = gaveUp.edges.at(-1).node;
    const sent = receiver.received.filter((webhook) => JSON.parse(webhook.body).order_id === first.orderId);
    expect(sent.map((webhook) => webhook.headers['webhook-id'])).toEqual([first.eventId, first.eventId]);

    // Giving up is an event of the feed.
    const { body: events } = await restClient(app.baseUrl, project.apiKey).get<Json>(
      `/v1/events/?order_id=${first.orderId}&type=webhook.gave_up`,
    );
    expect(events.events.map((event: Json) => event.data)).toEqual([
      { delivery_id: first.id, attempts: 2, error_kind: 'http_status', http_status: 503 },
    ]);
    const health = (await gql<Json>(HEALTH)).data!.project.webhookHealth;
    expect(health).toMatchObject({ lastSuccessAt: null, consecutiveFailures: 6 });
    expect(health.lastFailureAt).not.toBeNull();

    const byOrder = await log({ filter: { orderId: orders[1] } });
    expect(byOrder.edges.map((edge: Json) => edge.node.orderId)).toEqual([orders[1]]);
    expect((await log({ filter: { state: 'SUCCEEDED' } })).edges).toEqual([]);
    expect((await log({ filter: { since: new Date(Date.now() + 60_000).toISOString() } })).edges).toEqual([]);
    const paged = await log({ first: 2 });
    expect(paged.pageInfo.hasNextPage).toBe(true);
    const next = await log({ first: 2, after: paged.pageInfo.endCursor });
    expect(next.edges.map((edge: Json) => edge.node.id)).toEqual([gaveUp.edges[2].node.id]);
    expect(next.pageInfo.hasNextPage).toBe(false);

    // Another project sees none of it.
    const other = await seedProject(app);
    expect((await log({}, graphqlClient(app.baseUrl, other.apiKey))).edges).toEqual([]);
  }, 40_000);

  it('redelivers a whole selection once per Idempotency-Key, with the same webhook-id, and health recovers', async () => {
    failing = false;
    const before = receiver.received.length;
    const REDELIVER = `mutation R($filter: WebhookDeliveryFilter!) {
      redeliverWebhooks(filter: $filter) { queued selected userErrors { field code } }
    }`;
    const key = { 'idempotency-key': 'redeliver-outage-1' };
    const first = await gql<Json>(REDELIVER, { filter: { state: 'GAVE_UP' } }, key);
    expect(first.data!.redeliverWebhooks).toEqual({ queued: 3, selected: 3, userErrors: [] });
    const again = await gql<Json>(REDELIVER, { filter: { state: 'GAVE_UP' } }, key);
    expect(again.data).toEqual(first.data);
    await receiver.waitFor(before + 3);
    const redeliveries = await eventually(async () => {
      const page = await log({ filter: { state: 'SUCCEEDED' } });
      return page.edges.length === 3 && page.edges.map((edge: Json) => edge.node);
    });
    expect(redeliveries.every((node: Json) => node.reason === 'REDELIVERY' && node.attemptCount === 1)).toBe(
      true,
    );
    const gaveUp = (await log({ filter: { state: 'GAVE_UP' } })).edges.map((edge: Json) => edge.node);
    expect(new Set(redeliveries.map((node: Json) => node.eventId))).toEqual(
      new Set(gaveUp.map((node: Json) => node.eventId)),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(before + 3);
    const [row] = await sql<{ n: string }>(
      app.databaseUrl,
      "select count(*) as n from webhook_deliveries where reason = 'redelivery'",
    );
    expect(Number(row!.n)).toBe(3);

    const health = (await gql<Json>(HEALTH)).data!.project.webhookHealth;
    expect(health.consecutiveFailures).toBe(0);
    expect(health.lastSuccessAt).not.toBeNull();

    const refused = await gql<Json>(REDELIVER, { filter: { orderId: 'nope' } });
    expect(refused.data!.redeliverWebhooks.userErrors).toEqual([
      { field: 'filter.orderId', code: 'invalid_request' },
    ]);
  }, 30_000);

  it('sends a test webhook to a URL the delivery rules allow and answers with the outcome', async () => {
    const TEST = `mutation T($url: String!) {
      sendTestWebhook(url: $url) { attempt { number url httpStatus errorKind signed } userErrors { field code message } }
    }`;
    const before = receiver.received.length;
    const sent = await gql<Json>(TEST, { url: `${receiver.url}/test-hook` });
    expect(sent.data!.sendTestWebhook).toEqual({
      attempt: {
        number: 1,
        url: `${receiver.url}/test-hook`,
        httpStatus: 200,
        errorKind: null,
        signed: false,
      },
      userErrors: [],
    });
    const webhook = receiver.received[before]!;
    expect(JSON.parse(webhook.body)).toEqual({
      event: 'test',
      order_id: null,
      project_id: project.projectId,
    });
    expect(webhook.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(webhook.headers['webhook-timestamp']).toMatch(/^\d+$/);

    const toPrivate = await gql<Json>(TEST, { url: 'http://10.0.0.7/hook' });
    expect(toPrivate.data!.sendTestWebhook.attempt).toBeNull();
    expect(toPrivate.data!.sendTestWebhook.userErrors[0]).toMatchObject({
      field: 'url',
      code: 'invalid_request',
    });
    const live = await seedProject(app, { mode: 'live' });
    const fromLive = await graphqlClient(app.baseUrl, live.apiKey)<Json>(TEST, { url: `${receiver.url}/x` });
    expect(fromLive.data!.sendTestWebhook.userErrors[0]).toMatchObject({
      field: 'url',
      code: 'invalid_request',
    });
    expect(receiver.received).toHaveLength(before + 1);
  });

  it('rotates the signing secret with an overlap during which both secrets verify', async () => {
    const signer = await seedProject(app, { webhookUrl: `${receiver.url}/rotating` });
    const client = graphqlClient(app.baseUrl, signer.apiKey);
    const ROTATE = `mutation R($overlap: String) {
      rotateWebhookSigningSecret(overlap: $overlap) { secret previousSecretExpires userErrors { field code } }
    }`;
    expect((await client<Json>(ROTATE)).data!.rotateWebhookSigningSecret.userErrors).toEqual([
      { field: null, code: 'signing_not_enabled' },
    ]);
    const enabled = await client<Json>('mutation { enableWebhookSigning { secret } }');
    const oldSecret = enabled.data!.enableWebhookSigning.secret as string;
    expect(
      (await client<Json>(ROTATE, { overlap: 'P30D' })).data!.rotateWebhookSigningSecret.userErrors,
    ).toEqual([{ field: 'overlap', code: 'invalid_request' }]);
    const rotated = (await client<Json>(ROTATE, { overlap: 'PT2S' })).data!.rotateWebhookSigningSecret;
    expect(rotated.userErrors).toEqual([]);
    expect(rotated.secret).not.toBe(oldSecret);
    const expires = new Date(rotated.previousSecretExpires).getTime();
    expect(expires - Date.now()).toBeLessThanOrEqual(2000);

    const before = receiver.received.length;
    await changeOrders(1, signer);
    const [during] = (await receiver.waitFor(before + 1)).slice(before);
    const headers = during!.headers as Record<string, string>;
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.secret).verify(during!.body, headers)).toBeTruthy();
    expect(new Webhook(oldSecret).verify(during!.body, headers)).toBeTruthy();

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expires - Date.now()) + 200));
    await changeOrders(1, signer);
    const [after] = (await receiver.waitFor(before + 2)).slice(before + 1);
    const afterHeaders = after!.headers as Record<string, string>;
    expect(afterHeaders['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(new Webhook(rotated.secret).verify(after!.body, afterHeaders)).toBeTruthy();
    expect(() => new Webhook(oldSecret).verify(after!.body, afterHeaders)).toThrow();
  }, 30_000);

  it('dates each delivery by its status change, whoever queued it, so the log lists changes as they happened', async () => {
    const orders = await changeOrders(3);
    const dates = () =>
      sql(
        app.databaseUrl,
        `select d.order_id, d.created_at = e.created_at as dated_by_change
         from webhook_deliveries d join outbox_events e on e.id = d.outbox_event_id
         where d.order_id = any($1::uuid[]) and d.reason = 'status_changed'`,
        [orders],
      );
    await eventually(async () => (await dates()).length === 3 || undefined, 20_000, 'three deliveries');
    expect((await dates()).map((row: Json) => row.dated_by_change)).toEqual([true, true, true]);
    const newest = await log({ first: 3 });
    expect(newest.edges.map((edge: Json) => edge.node.orderId)).toEqual([...orders].reverse());
  });
});
