import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiKey } from '../../src/modules/identity/commands/create-api-key.ts';
import type { Acquirer } from '../../src/modules/payments/acquirer/acquirer.ts';
import { acquirerDirectory } from '../../src/modules/payments/acquirer/acquirer-directory.ts';
import { createSimulatorAcquirer } from '../../src/modules/payments/acquirer/simulator.ts';
import {
  type EmbeddedDatabase,
  freePort,
  startEmbeddedPostgres,
} from '../../src/platform/db/embedded-postgres.ts';
import { buildOrder } from '../factories/order.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { liveClient, subscriptionSettled } from '../helpers/graphql-ws.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

/**
 * Issue 32, point 4: PostgreSQL stopped and started again under the gateway (a PostgreSQL of this file's own, so
 * the other test files keep theirs). The outage begins in the middle of a refund: after its first phase
 * committed, while the acquirer is asked. While it is away every request is answered at once with 503 and
 * `Retry-After` (GraphQL: SERVICE_UNAVAILABLE, no driver message), sockets are not closed as Forbidden, the key
 * of a request that failed before its first phase is free and the key of the refund cut off mid-way stays at its
 * recovery point; once it is back, every part recovers by itself and the retries run at once, the refund's
 * resuming (one refund, the acquirer asked twice under the same id). A gateway started before its database
 * waits for it, one line per attempt.
 */
describe('a database outage', () => {
  let dataDir: string;
  let port: number;
  let database: EmbeddedDatabase | null;
  let app: TestApp;
  let receiver: WebhookReceiver;
  /** The test acquirer, which stops the database while it answers a refund when told to. */
  const simulator = createSimulatorAcquirer();
  const refundsAsked: string[] = [];
  let outageDuringNextRefund = false;
  const acquirer: Acquirer = {
    ...simulator,
    refund: async (request) => {
      refundsAsked.push(request.transactionId);
      if (outageDuringNextRefund) {
        outageDuringNextRefund = false;
        await stopDatabase();
      }
      return simulator.refund(request);
    },
  };

  const startDatabase = async () => {
    database = await startEmbeddedPostgres({ dataDir, port, database: 'gateway' });
    return database;
  };
  const stopDatabase = async () => {
    await database?.stop();
    database = null;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-outage-'));
    port = await freePort();
    const { url } = await startDatabase();
    receiver = await startReceiver(answer(200, 'ok'));
    app = await startTestApp(
      {
        DATABASE_URL: url,
        OUTBOX_SWEEP_INTERVAL_SECONDS: '1',
        WEBHOOK_RETRY_INTERVAL_SECONDS: '1',
        // Sockets re-check their credential every second, and the cache forgets at once: the re-check reaches
        // the database, as it does after 30 s in production.
        SOCKET_RECHECK_INTERVAL_SECONDS: '1',
        CREDENTIAL_CACHE_TTL_SECONDS: '0',
      },
      { acquirers: acquirerDirectory((order) => (order.flags.includes('is-test') ? acquirer : null)) },
    );
  }, 90_000);
  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
    await stopDatabase();
  });

  it('is answered with 503 and Retry-After, keeps sockets open and keys free, and every part recovers after it', async () => {
    const project = await seedProject(app, { webhookUrl: receiver.url });
    const api = restClient(app.baseUrl, project.apiKey);
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1000 });
    const unused = await createApiKey(app.runtime.deps, project.projectId, {
      label: 'first used in the outage',
      maker: null,
    });
    // Read before the outage: the answer this process keeps is never given while the database cannot vouch for it.
    const readOrderOverGraphQL = () =>
      fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { authorization: basicAuth(project.apiKey), 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ order(id: "${paid.id}") { id status } }` }),
      });
    expect((await (await readOrderOverGraphQL()).json()).data.order).toEqual({
      id: paid.id,
      status: 'COMPLETED',
    });
    const live = liveClient(app.baseUrl, { apiKey: project.apiKey });
    await live.connected;
    const changes = live.subscribe('subscription { orderStatusChanged { id status } }');
    await subscriptionSettled();
    let closedWith: number | null = null;
    void live.closed.then((code) => {
      closedWith = code;
    });

    // The database goes away while the acquirer answers a refund whose first phase committed: 503.
    const midwayKey = { 'idempotency-key': randomUUID() };
    outageDuringNextRefund = true;
    const midway = await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, { amount: 300 }, midwayKey);
    expect(midway.status).toBe(503);
    expect(database).toBeNull();
    const refundKey = { 'idempotency-key': randomUUID() };
    const started = Date.now();
    const refund = await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, { amount: 400 }, refundKey);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(refund.status).toBe(503);
    expect(refund.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refund.body).toEqual({
      error: { status: 503, type: 'service_unavailable', value: expect.any(String) },
    });
    expect(refund.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|5432|\d{4,5}\b.*connect/);
    expect((await api.get(`/v1/orders/${paid.id}/`)).status).toBe(503);

    const graphql = await readOrderOverGraphQL();
    const graphqlText = await graphql.text();
    expect(graphqlText).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(JSON.parse(graphqlText).errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');

    // A new socket whose key cannot be checked is told to try again later (1013), not that its key is bad.
    const newcomer = liveClient(app.baseUrl, { apiKey: unused.secret });
    expect(await newcomer.closed).toBe(1013);
    // The open socket's credential re-checks (every second) reach no database: it stays open.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(closedWith).toBeNull();

    await startDatabase();
    // Readiness, then the retry: the failed attempt left its key free, and it runs at once.
    await eventually(
      async () => (await fetch(`${app.baseUrl}/health/ready`)).status === 200,
      20_000,
      'ready',
    );
    const retried = await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, { amount: 400 }, refundKey);
    expect(retried.status).toBe(201);
    expect(retried.body.status).toBe('completed');
    // The refund cut off mid-way resumes from its recovery point: the same refund, asked under the same id.
    const resumed = await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, { amount: 300 }, midwayKey);
    expect(resumed.status).toBe(201);
    expect(resumed.body.status).toBe('completed');
    const refunds = (await api.get<Json>(`/v1/orders/${paid.id}/`)).body;
    expect(refunds.refunded_amount).toBe(700);
    expect(refunds.refund_orders).toHaveLength(2);
    const resumedTransaction = resumed.body.transactions[0].id;
    expect(refundsAsked.filter((id) => id === resumedTransaction)).toHaveLength(2);

    // The pool, LISTEN, the job queue, the relay and the dispatcher are back: a new order's change reaches the
    // subscription and the webhook receiver; the socket was never closed.
    const created = await api.post<Json>('/v1/orders/', buildOrder());
    expect(created.status).toBe(201);
    await app.runtime.deps.db.read(async () => undefined);
    await eventually(
      async () => receiver.received.some((request) => JSON.parse(request.body).order_id === retried.body.id),
      20_000,
      'the refund webhook',
    );
    await eventually(
      async () => changes.events.some((event) => event.orderStatusChanged?.id === retried.body.id),
      20_000,
      'the refund reaching the open subscription',
    );
    expect(closedWith).toBeNull();
    await live.dispose();
  }, 90_000);

  it('lets the server and the worker started before their database wait for it, one line per attempt', async () => {
    await stopDatabase();
    const url = `postgres://postgres:postgres@127.0.0.1:${port}/gateway`;
    const env = { DATABASE_URL: url, IDEMPOTENCY_SECRET: 'test-idempotency-secret-of-32-characters' };
    const outputs: [string[], string[]] = [[], []];
    const server = startServerProcess(env, { startTimeoutMs: 60_000, output: outputs[0] });
    const worker = startServerProcess(env, {
      script: 'src/worker.ts',
      readyText: 'worker running',
      startTimeoutMs: 60_000,
      output: outputs[1],
    });
    // Both are waiting, and say so, while the database is down.
    await eventually(
      async () => outputs.every((output) => /attempt 2: ECONNREFUSED/.test(output.join(''))),
      30_000,
      'both processes waiting',
    );
    await startDatabase();
    const [web, background] = await Promise.all([server, worker]);
    try {
      for (const started of [web, background]) {
        expect(started.output.join('')).toMatch(/waiting for the database \(attempt 2: ECONNREFUSED\)/);
      }
      expect((await fetch(`${web.baseUrl}/health/ready`)).status).toBe(200);
    } finally {
      await web.kill('SIGKILL');
      await background.kill('SIGKILL');
    }
  }, 90_000);
});
