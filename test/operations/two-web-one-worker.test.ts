import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/platform/db/embedded-postgres.ts';
import { createCardOrder, frictionlessAuthentication, storeCard, TEST_CARDS } from '../factories/payments.ts';
import { type LiveClient, liveClient } from '../helpers/graphql-ws.ts';
import { restClient } from '../helpers/http.ts';
import { postPageForm } from '../helpers/pages.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { cardFields, createHostedOrder } from '../hosted-pages/support.ts';

type Json = Record<string, any>;

/**
 * The deployment of docs/operations.md in miniature: two web processes (no background work) and one
 * `npm run worker` against one PostgreSQL of their own, started by the test. Each step lands on another process
 * than the one before, so whatever passes between them goes through the database.
 */
describe('two web processes and one worker on one PostgreSQL', () => {
  let dataDir: string;
  let database: EmbeddedDatabase;
  let webA: ServerProcess;
  let webB: ServerProcess;
  let worker: ServerProcess;
  let receiver: WebhookReceiver;
  let socket: LiveClient | null = null;
  let apiKey: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-deployment-'));
    await chmod(dataDir, 0o755);
    [database, receiver] = await Promise.all([
      startEmbeddedPostgres({ dataDir, port: 0, database: 'gateway' }),
      startReceiver(),
    ]);
    const env = { DATABASE_URL: database.url, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
    // The deploy step first; then every process starts on a current database.
    await promisify(execFile)(
      process.execPath,
      ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/cli/migrate.ts'],
      { env: { ...process.env, ...env } },
    );
    [webA, webB, worker] = await Promise.all([
      startServerProcess({ ...env, JOBS_ENABLED: 'false', MIGRATE_ON_START: 'false' }),
      // B never reads the outbox on its own schedule here: what its subscription hears of A came by NOTIFY.
      startServerProcess({
        ...env,
        JOBS_ENABLED: 'false',
        MIGRATE_ON_START: 'false',
        OUTBOX_SWEEP_INTERVAL_SECONDS: '3600',
      }),
      startServerProcess(
        { ...env, MIGRATE_ON_START: 'false' },
        { script: 'src/worker.ts', readyText: 'worker running' },
      ),
    ]);
    const created = await promisify(execFile)(
      process.execPath,
      [
        '--experimental-strip-types',
        '--disable-warning=ExperimentalWarning',
        'src/cli/project.ts',
        'create',
        '--name',
        'Two-process shop',
        '--mode',
        'test',
        '--json',
      ],
      { env: { ...process.env, ...env } },
    );
    apiKey = (JSON.parse(created.stdout) as { api_key: string }).api_key;
  }, 120_000);

  afterAll(async () => {
    await socket?.dispose();
    await Promise.all([webA, webB, worker].filter(Boolean).map((process) => process.kill('SIGTERM')));
    await receiver?.close();
    await database?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('takes a hosted payment, a refund, a webhook delivery and a subscription message across the processes', async () => {
    // A dashboard watches on B.
    socket = liveClient(webB.baseUrl, { apiKey });
    await socket.connected;
    const live = socket.subscribe<{ orderStatusChanged: { id: string; status: string } }>(
      'subscription { orderStatusChanged { id status } }',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    // The merchant's server creates the order on A.
    const order = await createHostedOrder(webA.baseUrl, apiKey, {
      webhook_url: `${receiver.url}/hooks`,
      return_url: 'https://shop.example/return',
    });

    // The customer pays on B's hosted page.
    const page = order.order_url.replace(webA.baseUrl, webB.baseUrl);
    const paid = await postPageForm(page, 'card', cardFields(TEST_CARDS.visa));
    expect(paid.status).toBe(303);

    // The subscription on B hears of it; the worker delivers the webhook; A reads the order completed.
    const apiA = restClient(webA.baseUrl, apiKey);
    const events = await live.waitFor(1, 15_000);
    expect(events.some((event) => event.orderStatusChanged.id === order.id)).toBe(true);
    const [webhook] = await receiver.waitFor(1, 20_000);
    expect(webhook!.path).toBe('/hooks');
    expect(JSON.parse(webhook!.body)).toMatchObject({ order_id: order.id });
    expect((await apiA.get<Json>(`/v1/orders/${order.id}/`)).body.status).toBe('completed');

    // An order without a webhook paid on A through the API (own checkout, frictionless 3-D Secure): its rows are
    // written relayed, and A notifies those only to a process that wants them (B, while its subscription is
    // open; platform/pubsub/pg-listener.ts `want`).
    const quiet = await createCardOrder(webA.baseUrl, apiKey);
    const stored = await storeCard(webA.baseUrl, apiKey, {
      setupToken: quiet.transactions[0].payment_method_details.setup_token,
    });
    const authenticated = await apiA.post<Json>(
      `/v1/orders/${quiet.id}/transactions/${quiet.transactions[0].id}/authenticate/`,
      frictionlessAuthentication(stored.body.vault_token),
    );
    expect(authenticated.body.status).toBe('completed');
    const heardBy = Date.now() + 15_000;
    while (!live.events.some((event) => event.orderStatusChanged.id === quiet.id)) {
      if (Date.now() > heardBy) throw new Error('B’s subscription did not hear of the order paid on A');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    // The refund is made on B and seen on A.
    const refund = await restClient(webB.baseUrl, apiKey).post<Json>(`/v1/orders/${order.id}/refunds/`, {
      amount: 500,
    });
    expect(refund.status).toBe(201);
    const refunds = await apiA.get<Json[]>(`/v1/orders/${order.id}/refunds/`);
    expect(refunds.body.map((row) => row.id)).toEqual([refund.body.id]);

    for (const process of [webA, webB, worker]) {
      expect(process.output.join('')).not.toMatch(/"level":(50|60)/);
    }
  }, 90_000);
});
