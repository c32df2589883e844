import { randomUUID } from 'node:crypto';
import {
  createCardOrder,
  payOwnCheckoutOrder,
  storeCard,
  TEST_CARDS,
  TEST_CVC,
  TEST_EXPIRY,
} from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

const FAST = {
  // Every restart keeps the secret of request fingerprints, as a server's DATA_DIR or configuration does.
  IDEMPOTENCY_SECRET: 'test-idempotency-secret-of-32-characters',
  WEBHOOK_RETRY_INTERVAL_SECONDS: '1',
  OUTBOX_SWEEP_INTERVAL_SECONDS: '1',
  // The completer stays out of the way until the last server, which is started to watch it work.
  COMPLETER_GRACE_SECONDS: '600',
};

/**
 * Issue 32: the real server is killed (SIGKILL, through the test-only GATEWAY_CRASH_AT hook) at named points of
 * each money operation, restarted, and the same request is retried with the same Idempotency-Key. Each restart
 * retries the operation the last one killed and then dies at the next point, so one spawn covers one point.
 * Every retry runs at once (the dead process's keys died with its connection), finishes what was started, and
 * leaves exactly one effect: one refund, capture, void, authorization or stored card, in our books and in the
 * acquirer's (`acquirer_operations`).
 */
describe('money operations killed at every crash point', () => {
  let databaseUrl: string;
  let setup: TestApp;
  let receiver: WebhookReceiver;
  let apiKey: string;
  let server: ServerProcess | null = null;

  const start = async (crashAt: string, env: Record<string, string> = {}) => {
    server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      JOBS_ENABLED: 'true',
      GATEWAY_CRASH_AT: crashAt,
      ...FAST,
      ...env,
    });
    return restClient(server.baseUrl, apiKey);
  };
  /** Sends a request the server dies in: no answer comes back, and the process is gone. */
  const dies = async (request: Promise<unknown>, point: string) => {
    await expect(request).rejects.toThrow();
    await server!.kill('SIGKILL');
    expect(server!.output.join('')).toContain(`crash point ${point}`);
    server = null;
  };
  const bookings = async (operation: string, transactionIds: string[]) =>
    sql<{ transaction_id: string }>(
      databaseUrl,
      'select transaction_id from acquirer_operations where operation = $1 and transaction_id = any($2::uuid[])',
      [operation, transactionIds],
    );
  const ordersRelatedTo = (orderId: string, kind: string) =>
    sql<{ id: string; status: string }>(
      databaseUrl,
      'select id, status from orders where related_order_id = $1 and kind = $2',
      [orderId, kind],
    );
  const transactionsOf = (orderIds: string[]) =>
    sql<{ id: string; status: string }>(
      databaseUrl,
      'select id, status from transactions where order_id = any($1::uuid[])',
      [orderIds],
    );

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    receiver = await startReceiver(answer(200, 'ok'));
    setup = await startTestApp({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' });
    apiKey = (await seedProject(setup, { webhookUrl: receiver.url })).apiKey;
  }, 60_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await setup.stop();
    await receiver.close();
  });

  it('refunds, captures, voids, authorizes and stores a card exactly once, whatever point the process died at', async () => {
    const paid = await payOwnCheckoutOrder(setup.baseUrl, apiKey, { amount: 3000 });
    const authorized = await payOwnCheckoutOrder(setup.baseUrl, apiKey, {
      amount: 2000,
      captureMode: 'manual',
    });
    const toVoid = await payOwnCheckoutOrder(setup.baseUrl, apiKey, { amount: 1500, captureMode: 'manual' });
    const toAuthenticate = await createCardOrder(setup.baseUrl, apiKey, { amount: 700 });
    const toStore = await createCardOrder(setup.baseUrl, apiKey, { amount: 800 });
    const stored = await storeCard(setup, apiKey, {
      setupToken: toAuthenticate.transactions[0].payment_method_details.setup_token,
    });
    const refundPath = `/v1/orders/${paid.id}/refunds/`;
    const capturePath = `/v1/orders/${authorized.id}/transactions/${authorized.transactions[0].id}/captures/`;
    const voidPath = `/v1/orders/${toVoid.id}/transactions/${toVoid.transactions[0].id}/voids/`;
    const authenticatePath = `/v1/orders/${toAuthenticate.id}/transactions/${toAuthenticate.transactions[0].id}/authenticate/`;
    const keys = Object.fromEntries(
      ['refund1', 'capture', 'refund2', 'void', 'authenticate', 'vault', 'refund3', 'refund4'].map((name) => [
        name,
        { 'idempotency-key': randomUUID() },
      ]),
    );

    // 1. Killed once the refund order is committed, before the acquirer is asked.
    let api = await start('refund.after-prepare');
    await dies(api.post(refundPath, { amount: 1000 }, keys.refund1), 'refund.after-prepare');

    // 2. The retry resumes that refund (not a second one); then a capture dies after the acquirer took it.
    api = await start('capture.after-acquirer');
    const refund1 = await api.post<Json>(refundPath, { amount: 1000 }, keys.refund1);
    expect(refund1.status).toBe(201);
    expect(refund1.body.status).toBe('completed');
    expect(await ordersRelatedTo(paid.id, 'refund')).toEqual([{ id: refund1.body.id, status: 'completed' }]);
    await dies(api.post(capturePath, { amount: 500 }, keys.capture), 'capture.after-acquirer');

    // 3. The retry records the capture the acquirer already made; then a refund dies after the acquirer refunded.
    api = await start('refund.after-acquirer');
    const capture = await api.post<Json>(capturePath, { amount: 500 }, keys.capture);
    expect(capture.status).toBe(201);
    expect(await ordersRelatedTo(authorized.id, 'capture')).toEqual([
      { id: capture.body.id, status: 'completed' },
    ]);
    await dies(api.post(refundPath, { amount: 700 }, keys.refund2), 'refund.after-acquirer');

    // 4. The retry records that refund; then a void dies after its transaction committed, its answer unsent.
    api = await start('void.after-commit');
    const refund2 = await api.post<Json>(refundPath, { amount: 700 }, keys.refund2);
    expect(refund2.status).toBe(201);
    expect(refund2.body.status).toBe('completed');
    await dies(api.post(voidPath, undefined, keys.void), 'void.after-commit');

    // 5. The retry answers the void that committed (no second void, no "already voided"); then an
    //    authorization dies after the acquirer approved it, before our transaction committed.
    api = await start('authorize.after-acquirer');
    const voided = await api.post<Json>(voidPath, undefined, keys.void);
    expect(voided.status).toBe(201);
    expect(await ordersRelatedTo(toVoid.id, 'void')).toEqual([{ id: voided.body.id, status: 'completed' }]);
    const authenticateBody = { vault_token: stored.body.vault_token, cvc: TEST_CVC };
    await dies(api.post(authenticatePath, authenticateBody, keys.authenticate), 'authorize.after-acquirer');

    // 6. The retry is answered the acquirer's first approval; then a card store dies after it committed.
    api = await start('vault.after-commit');
    const authenticated = await api.post<Json>(authenticatePath, authenticateBody, keys.authenticate);
    expect(authenticated.status).toBe(200);
    expect(authenticated.body.status).toBe('completed');
    const vault = restClient(`${server!.baseUrl}/vault`, apiKey);
    const card = {
      setup_token: toStore.transactions[0].payment_method_details.setup_token,
      pan: TEST_CARDS.visa,
      expiry: TEST_EXPIRY,
    };
    await dies(vault.post('/v1/cards/', card, keys.vault), 'vault.after-commit');

    // 7. The retry answers the stored card although its setup token is used up; then a refund dies after its
    //    outcome committed, its answer unsent.
    api = await start('refund.after-record');
    const storedCard = await restClient(`${server!.baseUrl}/vault`, apiKey).post<Json>(
      '/v1/cards/',
      card,
      keys.vault,
    );
    expect(storedCard.status).toBe(201);
    expect(
      await sql(databaseUrl, 'select id from vault_cards where transaction_id = $1', [
        toStore.transactions[0].id,
      ]),
    ).toEqual([{ id: storedCard.body.vault_token }]);
    await dies(api.post(refundPath, { amount: 300 }, keys.refund3), 'refund.after-record');

    // 8. The retry answers that refund; then one more refund dies after phase 1, and nobody retries it.
    api = await start('refund.after-prepare');
    const refund3 = await api.post<Json>(refundPath, { amount: 300 }, keys.refund3);
    expect(refund3.status).toBe(201);
    await dies(api.post(refundPath, { amount: 500 }, keys.refund4), 'refund.after-prepare');
    const [abandoned] = (await ordersRelatedTo(paid.id, 'refund')).filter(
      (order) => ![refund1.body.id, refund2.body.id, refund3.body.id].includes(order.id),
    );
    expect(abandoned!.status).toBe('new');

    // 9. No retry: the completer finishes the abandoned refund within its grace period.
    api = await start('', { COMPLETER_GRACE_SECONDS: '1' });
    await eventually(
      async () => (await transactionsOf([abandoned!.id]))[0]?.status === 'accepted',
      20_000,
      'the completer finishing the abandoned refund',
    );

    // Exactly one effect each, in our books and at the acquirer.
    const refunds = await ordersRelatedTo(paid.id, 'refund');
    expect(refunds).toHaveLength(4);
    expect(refunds.every((order) => order.status === 'completed')).toBe(true);
    const refundTransactions = await transactionsOf(refunds.map((order) => order.id));
    expect(
      await bookings(
        'refund',
        refundTransactions.map((t) => t.id),
      ),
    ).toHaveLength(4);
    expect((await api.get<Json>(`/v1/orders/${paid.id}/`)).body.refunded_amount).toBe(2500);
    // The four refunds (1000 + 700 + 300 + 500) left 500 of 3000: exactly that much can still be refunded.
    expect((await api.post(refundPath, { amount: 501 })).status).toBe(422);
    expect((await api.post(refundPath, { amount: 500 })).status).toBe(201);
    expect(
      await bookings(
        'capture',
        (await transactionsOf([capture.body.id])).map((t) => t.id),
      ),
    ).toHaveLength(1);
    expect(
      await bookings(
        'void',
        (await transactionsOf([voided.body.id])).map((t) => t.id),
      ),
    ).toHaveLength(1);
    expect(await bookings('authorize:none', [toAuthenticate.transactions[0].id])).toHaveLength(1);

    // Nothing is left mid-way, and every status change reached the merchant's webhook.
    expect(
      await sql(
        databaseUrl,
        "select id from transactions where status in ('new', 'processing') and order_id <> $1",
        [toStore.id],
      ),
    ).toEqual([]);
    await eventually(
      async () =>
        (await sql(databaseUrl, "select id from webhook_deliveries where state <> 'delivered'")).length === 0,
      20_000,
      'every webhook delivered',
    );
    const delivered = new Set(receiver.received.map((request) => JSON.parse(request.body).order_id));
    for (const order of [...refunds, { id: capture.body.id }, { id: voided.body.id }])
      expect(delivered).toContain(order.id);
  }, 120_000);
});
