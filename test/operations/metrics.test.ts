import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { buildOrder } from '../factories/order.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { liveClient } from '../helpers/graphql-ws.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

/**
 * What Prometheus scrapes, parsed by a Prometheus text-format parser rather than by our own regexes. The parser
 * folds a labelled histogram's series into one (it keeps only `le`), so histograms are also parsed a second time
 * without their TYPE line: then each `_count` series is a family of its own, with all its labels.
 */
async function scrape(baseUrl: string): Promise<Map<string, MetricFamily>> {
  const response = await fetch(`${baseUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  const families = parsePrometheusTextFormat(text);
  const series = parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram$/gm, ''));
  // The series of one histogram's `_count` come interleaved with its other series: one family per name.
  const byName = new Map<string, MetricFamily>();
  for (const family of [...series, ...families]) {
    const known = byName.get(family.name);
    if (known && family.type === 'UNTYPED') known.metrics.push(...family.metrics);
    else byName.set(family.name, family);
  }
  return byName;
}

const sample = (family: MetricFamily | undefined, labels: Record<string, string>) =>
  family?.metrics.find((metric) =>
    Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value),
  );

describe('metrics', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    [app, receiver] = await Promise.all([
      startTestApp({ OUTBOX_SWEEP_INTERVAL_SECONDS: '1' }),
      startReceiver(),
    ]);
  });
  afterAll(async () => {
    await app.stop();
    await receiver.close();
  });

  it('times HTTP requests by route pattern and status, never by a path with an id', async () => {
    const project = await seedProject(app);
    const api = restClient(app.baseUrl, project.apiKey);
    const { body: order } = await api.post('/v1/orders/', buildOrder());
    await api.get(`/v1/orders/${order.id}/`);
    await api.get('/v1/orders/00000000-0000-4000-8000-000000000000/');

    const metrics = await scrape(app.baseUrl);
    expect(metrics.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const requests = metrics.get('http_request_duration_seconds_count');
    expect(sample(requests, { method: 'POST', route: '/v1/orders/', status: '201' })?.value).toBe('1');
    const routes = requests!.metrics.map((metric) => metric.labels?.route ?? '');
    expect(routes).toContain('/v1/orders/:orderId/');
    expect(routes.filter((route) => route.includes(String(order.id)))).toEqual([]);
    expect(sample(requests, { route: '/v1/orders/:orderId/', status: '404' })?.value).toBe('1');
  });

  it('times GraphQL operations by operation name and counts what the code did', async () => {
    const project = await seedProject(app, { webhookUrl: `${receiver.url}/hook` });
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    await gql('query DashboardOrders { orders(first: 5) { edges { node { id } } } }');
    await gql('query { orders(first: 1) { edges { node { id } } } }');
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
    expect(paid.status).toBe('completed');
    await receiver.waitFor(1);

    let metrics = await scrape(app.baseUrl);
    for (let tries = 0; !metrics.get('webhook_attempts_total')?.metrics.length && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      metrics = await scrape(app.baseUrl);
    }
    expect(metrics.get('graphql_operation_duration_seconds')?.type).toBe('HISTOGRAM');
    const graphql = metrics.get('graphql_operation_duration_seconds_count');
    expect(sample(graphql, { operation: 'DashboardOrders', type: 'query', outcome: 'ok' })?.value).toBe('1');
    expect(sample(graphql, { operation: 'anonymous', type: 'query' })?.value).toBe('1');
    const changes = metrics.get('status_changes_total')!;
    expect(Number(sample(changes, { object: 'order', status: 'completed' })?.value)).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      Number(sample(changes, { object: 'transaction', status: 'accepted' })?.value),
    ).toBeGreaterThanOrEqual(1);
    expect(
      Number(sample(metrics.get('webhook_attempts_total'), { outcome: 'delivered' })?.value),
    ).toBeGreaterThanOrEqual(1);
    // Each create's statement, alone or merged with concurrent ones.
    expect(metrics.get('db_writes_per_statement')?.type).toBe('HISTOGRAM');
    expect(Number(sample(metrics.get('db_writes_per_statement_count'), {})?.value)).toBeGreaterThanOrEqual(1);
    // Each card payment's transaction, alone or shared with concurrent ones.
    expect(metrics.get('db_requests_per_transaction')?.type).toBe('HISTOGRAM');
    expect(
      Number(sample(metrics.get('db_requests_per_transaction_count'), {})?.value),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows the pool, both job queues, open subscription sockets and the process', async () => {
    const project = await seedProject(app);
    const socket = liveClient(app.baseUrl, { apiKey: project.apiKey });
    await socket.connected;
    try {
      const metrics = await scrape(app.baseUrl);
      expect(sample(metrics.get('graphql_websockets_open'), {})?.value).toBe('1');
      expect(
        metrics
          .get('db_pool_connections')
          ?.metrics.map((metric) => metric.labels?.state)
          .sort(),
      ).toEqual(['idle', 'in_use']);
      expect(metrics.get('db_pool_waiting_requests')?.metrics[0]?.value).toBe('0');
      const queues = metrics.get('job_queue_due_jobs')?.metrics.map((metric) => metric.labels?.queue);
      expect(queues).toContain('webhook-deliveries');
      expect(metrics.get('job_queue_oldest_due_seconds')?.type).toBe('GAUGE');
      expect(metrics.get('process_cpu_user_seconds_total')?.type).toBe('COUNTER');
      expect(metrics.get('nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
    } finally {
      await socket.dispose();
    }
  });

  it('keeps label values bounded: operation names beyond the first hundred count as "other"', async () => {
    const project = await seedProject(app);
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    for (let index = 0; index < 105; index += 1) await gql(`query Q${index} { __typename }`);
    const graphql = (await scrape(app.baseUrl)).get('graphql_operation_duration_seconds_count')!;
    const names = new Set(graphql.metrics.map((metric) => metric.labels?.operation));
    expect(names.size).toBeLessThanOrEqual(102); // a hundred names, `anonymous` and `other`
    expect(names).toContain('other');
  });
});
