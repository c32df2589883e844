import { buildOrder } from '../factories/order.ts';
import { payOwnCheckoutOrder, TEST_CARDS, TEST_CVC } from '../factories/payments.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../helpers/otlp-receiver.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

/** Two server processes and a worker start beside the rest of the suite on a shared 2-core machine. */
const SLOW_START = { startTimeoutMs: 120_000 };

const INTERNAL = 1;
const SERVER = 2;
const CLIENT = 3;

/** The JSON log lines a process wrote (its banner and other plain lines left out). */
function logLines(server: ServerProcess): Record<string, unknown>[] {
  return server.output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The span and its ancestors, up to the root of its trace. */
function ancestry(spans: ReceivedSpan[], span: ReceivedSpan): ReceivedSpan[] {
  const chain = [span];
  for (let parent = span.parentSpanId; parent; ) {
    const next = spans.find((candidate) => candidate.spanId === parent);
    if (!next) break;
    chain.push(next);
    parent = next.parentSpanId;
  }
  return chain;
}

/**
 * OpenTelemetry, as an operator turns it on: the real server (`npm start`'s Node flags) with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local OTLP/HTTP receiver, exporting JSON in short batches, as two
 * server processes under WEB_CONCURRENCY.
 */
describe('traces over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set', () => {
  let receiver: OtlpReceiver;
  let webhooks: WebhookReceiver;
  let server: ServerProcess;
  let databaseUrl: string;
  let apiKey: string;
  const tracing = () => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '200',
  });

  beforeAll(async () => {
    [receiver, webhooks, databaseUrl] = await Promise.all([
      startOtlpReceiver(),
      startReceiver(),
      createTestDatabase(),
    ]);
    server = await startServerProcess(
      {
        DATABASE_URL: databaseUrl,
        WEB_CONCURRENCY: '2',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        ...tracing(),
      },
      SLOW_START,
    );
    apiKey = /Test API key\s+(sk_test_\w+)/.exec(server.output.join(''))![1]!;
  }, 150_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await receiver?.close();
    await webhooks?.close();
  });

  it('starts the SDK in each server process, as payment-gateway', () => {
    const started = logLines(server).filter((line) => line.msg === 'traces exported over OTLP');
    expect(started).toHaveLength(2);
    expect(new Set(started.map((line) => line.pid)).size).toBe(2);
    expect(started[0]).toMatchObject({ endpoint: receiver.endpoint, serviceName: 'payment-gateway' });
  });

  it('exports one trace for a create order, from the HTTP span through its route handler to the SQL insert', async () => {
    const response = await restClient(server.baseUrl, apiKey).post('/v1/orders/', buildOrder());
    expect(response.status).toBe(201);

    const httpSpan = await eventually(
      () =>
        receiver.spans.find(
          (span) =>
            span.kind === SERVER &&
            span.attributes['http.route'] === '/v1/orders/' &&
            span.attributes['http.response.status_code'] === 201,
        ),
      15_000,
      'the HTTP server span of POST /v1/orders/',
    );
    expect(httpSpan).toMatchObject({ name: 'POST /v1/orders/', parentSpanId: '' });
    expect(httpSpan.resource['service.name']).toBe('payment-gateway');

    const inTrace = () => receiver.spans.filter((span) => span.traceId === httpSpan.traceId);
    const insert = await eventually(
      () =>
        inTrace().find(
          (span) =>
            span.kind === CLIENT && /\binsert into orders\b/.test(String(span.attributes['db.query.text'])),
        ),
      15_000,
      "the pg span of the order's insert",
    );
    const chain = ancestry(inTrace(), insert);
    // pg query → Fastify's route handler span → Fastify's request span → the HTTP server span: one trace.
    expect(chain.map((span) => span.scope)).toEqual([
      '@opentelemetry/instrumentation-pg',
      '@fastify/otel',
      '@fastify/otel',
      '@opentelemetry/instrumentation-http',
    ]);
    expect(chain[1]).toMatchObject({ attributes: expect.objectContaining({ 'http.route': '/v1/orders/' }) });
    expect(chain[1]!.name).toMatch(/^handler/);
    expect(chain.at(-1)!.spanId).toBe(httpSpan.spanId);
    expect(insert.attributes).toMatchObject({ 'db.system.name': 'postgresql' });
    // The authentication's SELECT is in the same trace.
    expect(inTrace().some((span) => /\bfrom api_keys\b/.test(String(span.attributes['db.query.text'])))).toBe(
      true,
    );

    // A trace starts at a request (or a job, or a call out), never at a step on its own such as the SDL parsed
    // while the process started.
    expect(receiver.spans.filter((span) => !span.parentSpanId && span.kind === INTERNAL)).toEqual([]);

    // Every line the server logged for this request carries the trace id.
    const requestId = response.headers.get('x-request-id');
    const lines = logLines(server).filter((line) => line.reqId === requestId);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatchObject({ trace_id: httpSpan.traceId });
  });

  it('records SQL without its literals: no key hash, no timestamp, no id leaves in a statement', async () => {
    await restClient(server.baseUrl, apiKey).get('/v1/orders/');
    const statements = await eventually(
      () => {
        const texts = receiver.spans.map((span) => span.attributes['db.query.text']).filter(Boolean);
        return texts.some((text) => /\bfrom api_keys\b/.test(String(text))) && texts;
      },
      15_000,
      'pg spans',
    );
    for (const text of statements) expect(String(text)).not.toMatch(/'[^']*'/);
    // The key lookup is a prepared statement: its values are bound parameters, never in the text.
    expect(statements.find((text) => /\bfrom api_keys\b/.test(String(text)))).toMatch(/key_hash = \$1/);
  });

  it('exports a GraphQL operation as a span named by the operation, with its SQL, in the request trace', async () => {
    const graphql = graphqlClient(server.baseUrl, apiKey);
    const created = await restClient(server.baseUrl, apiKey).post<{ id: string }>(
      '/v1/orders/',
      buildOrder(),
    );
    const result = await graphql<{ order: { id: string } }>(
      'query OrderForTrace($id: ID!) { order(id: $id) { id status } }',
      { id: created.body.id },
    );
    expect(result.data?.order.id).toBe(created.body.id);

    const operation = await eventually(
      () => receiver.spans.find((span) => span.attributes['graphql.operation.name'] === 'OrderForTrace'),
      15_000,
      'the GraphQL operation span',
    );
    expect(operation.name).toBe('query OrderForTrace');
    expect(operation.attributes['graphql.operation.type']).toBe('query');
    const read = await eventually(
      () =>
        receiver.spans.find(
          (span) => span.kind === CLIENT && ancestry(receiver.spans, span).includes(operation),
        ),
      15_000,
      "the operation's SQL",
    );
    const root = ancestry(receiver.spans, read).at(-1)!;
    expect(root).toMatchObject({ kind: SERVER, name: 'POST /graphql', traceId: operation.traceId });
  });

  it('exports an order(id:) answered as kept from before as the same operation span, its version read inside it', async () => {
    const graphql = graphqlClient(server.baseUrl, apiKey);
    const created = await restClient(server.baseUrl, apiKey).post<{ id: string }>(
      '/v1/orders/',
      buildOrder(),
    );
    const document = 'query OrderReadTwice($id: ID!) { order(id: $id) { id status } }';
    // Three reads over the server's two processes: one of them answers twice, the second time as kept.
    const answers = [];
    for (let read = 0; read < 3; read++) {
      answers.push((await graphql<{ order: { id: string } }>(document, { id: created.body.id })).data);
    }
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect(answers[0]).toEqual({ order: { id: created.body.id, status: 'NEW' } });

    const kept = await eventually(
      () =>
        receiver.spans.find(
          (span) =>
            span.attributes['graphql.operation.name'] === 'OrderReadTwice' &&
            span.attributes['graphql.answer'] === 'kept',
        ),
      15_000,
      'the kept answer span',
    );
    expect(kept.name).toBe('query OrderReadTwice');
    expect(kept.attributes['graphql.operation.type']).toBe('query');
    const read = await eventually(
      () =>
        receiver.spans.find((span) => span.kind === CLIENT && ancestry(receiver.spans, span).includes(kept)),
      15_000,
      "the kept answer's version read",
    );
    expect(String(read.attributes['db.query.text'])).toMatch(/from orders o where o\.id = \$1/);
    expect(ancestry(receiver.spans, read).at(-1)).toMatchObject({ kind: SERVER, name: 'POST /graphql' });
  });

  it('exports no card number and no CVC from a card payment, nor from a card number written into a document', async () => {
    const paid = await payOwnCheckoutOrder(server.baseUrl, apiKey, { pan: TEST_CARDS.visa, cvc: TEST_CVC });
    expect(paid.status).toBe('completed');
    await graphqlClient(
      server.baseUrl,
      apiKey,
    )(`query CardInDocument { order(id: "${TEST_CARDS.mastercard}") { id } }`);
    // The vault's store, the authentication with the CVC and the document's parse have all been exported.
    await eventually(
      () =>
        receiver.spans.some((span) => String(span.attributes['http.route']).endsWith('/v1/cards/')) &&
        receiver.spans.some((span) => String(span.attributes['http.route']).endsWith('/authenticate/')) &&
        receiver.spans.some((span) => String(span.attributes['graphql.source']).includes('CardInDocument')),
      15_000,
      'the card flow spans',
    );
    // Where a value shows up, if it does: the spans carrying it, then anything else exported (events, resource).
    // (Text values only: a response of 737 bytes is no CVC.)
    const carrying = (pattern: RegExp) =>
      receiver.spans
        .filter((span) =>
          Object.values(span.attributes).some(
            (value) => typeof value !== 'number' && pattern.test(String(value)),
          ),
        )
        .map((span) => `${span.scope}: ${span.name}`);
    for (const pan of [TEST_CARDS.visa, TEST_CARDS.mastercard]) {
      const spaced = pan.replace(/(\d{4})(?=\d)/g, '$1 ');
      expect(carrying(new RegExp(`${pan}|${spaced}`))).toEqual([]);
      expect(receiver.bodies.some((body) => body.includes(pan) || body.includes(spaced))).toBe(false);
    }
    expect(carrying(new RegExp(`\\b${TEST_CVC}\\b|cvc`, 'i'))).toEqual([]);
    expect(receiver.bodies.some((body) => /cvc/i.test(body))).toBe(false);
  });

  it('exports outgoing webhook calls and incoming requests with their query values redacted', async () => {
    // A paid order's status changes are delivered to its webhook URL, a secret in its query.
    await payOwnCheckoutOrder(server.baseUrl, apiKey, {
      order: { webhook_url: `${webhooks.url}/hook?token=s3cr3t` },
    });
    await restClient(server.baseUrl, apiKey).get('/v1/no-such-thing?token=s3cr3t&format=csv');

    const delivery = await eventually(
      () =>
        receiver.spans.find(
          (span) => span.kind === CLIENT && String(span.attributes['url.full']).includes('/hook'),
        ),
      30_000,
      'the client span of a webhook delivery',
    );
    expect(webhooks.received.some((request) => request.path === '/hook?token=s3cr3t')).toBe(true);
    expect(delivery.attributes['url.full']).toBe(`${webhooks.url}/hook?token=REDACTED`);
    const incoming = await eventually(
      () =>
        receiver.spans.find(
          (span) => span.kind === SERVER && span.attributes['url.path'] === '/v1/no-such-thing',
        ),
      15_000,
      'the server span of the unknown path',
    );
    expect(incoming.attributes['url.query']).toBe('token=REDACTED&format=REDACTED');
    const carrying = receiver.spans.flatMap((span) =>
      Object.entries(span.attributes)
        .filter(([, value]) => String(value).includes('s3cr3t'))
        .map(([key]) => `${span.scope}: ${span.name} ${key}`),
    );
    expect(carrying).toEqual([]);
    expect(receiver.bodies.some((body) => body.includes('s3cr3t'))).toBe(false);
  });

  it('starts the SDK in `npm run worker` too', async () => {
    const worker = await startServerProcess(
      { DATABASE_URL: databaseUrl, ...tracing() },
      { script: 'src/worker.ts', readyText: 'worker running', ...SLOW_START },
    );
    try {
      expect(logLines(worker).find((line) => line.msg === 'traces exported over OTLP')).toMatchObject({
        serviceName: 'payment-gateway',
      });
    } finally {
      await worker.kill('SIGTERM');
    }
  }, 150_000);
});

describe('traces off by default', () => {
  it('loads no SDK without OTEL_EXPORTER_OTLP_ENDPOINT: no start line, no trace id in the logs', async () => {
    const server = await startServerProcess({ DATABASE_URL: await createTestDatabase() }, SLOW_START);
    try {
      const apiKey = /Test API key\s+(sk_test_\w+)/.exec(server.output.join(''))![1]!;
      const response = await restClient(server.baseUrl, apiKey).post('/v1/orders/', buildOrder());
      expect(response.status).toBe(201);
      const requestId = response.headers.get('x-request-id');
      const line = await eventually(
        () => logLines(server).find((entry) => entry.reqId === requestId),
        5_000,
        'the request line',
      );
      expect(line).not.toHaveProperty('trace_id');
      expect(logLines(server).some((entry) => String(entry.msg).includes('OTLP'))).toBe(false);
    } finally {
      await server.kill('SIGTERM');
    }
  }, 150_000);
});
