import { randomUUID } from 'node:crypto';
import { buildOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
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
import { graphqlClient } from '../helpers/graphql.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { openPage } from '../helpers/pages.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { createWalletOrder } from '../wallets/support.ts';

type Json = Record<string, any>;

/** Every process keeps the secret of request fingerprints, as a server's configuration does. */
const SERVER_ENV = {
  IDEMPOTENCY_SECRET: 'test-idempotency-secret-of-32-characters',
  WEBHOOK_RETRY_INTERVAL_SECONDS: '1',
  OUTBOX_SWEEP_INTERVAL_SECONDS: '1',
  // Longer than the retries take: the completers act only on what the test leaves (and ages) for them.
  COMPLETER_GRACE_SECONDS: '60',
};
const CARD_FORM = {
  pan: TEST_CARDS.visa,
  expiry: `${TEST_EXPIRY.slice(0, 2)} / ${TEST_EXPIRY.slice(4)}`,
  cvc: TEST_CVC,
  name: 'John Doe',
};
const ENABLE_SIGNING = 'mutation { enableWebhookSigning { secret } }';
const ROTATE_SIGNING = `mutation {
  rotateWebhookSigningSecret(overlap: "PT1H") { secret previousSecretExpires userErrors { code } }
}`;
const WALLET_EXECUTE = `mutation($input: ExecuteWalletPaymentInput!) {
  executeWalletPayment(input: $input) { isSuccessful reason userErrors { code } }
}`;

/** A request dies at `point` (platform/faults.ts, GATEWAY_CRASH_MODE=park). */
const at = (point: string) => ({ 'x-gateway-crash-at': point });
const key = () => ({ 'idempotency-key': randomUUID() });

/**
 * Issue 32: the real server is killed (SIGKILL) with a request standing at every named crash point of every
 * money operation at once (each request names its own point and parks there: platform/faults.ts), and with a
 * webhook attempt in flight. A second server gets the same requests again (the same Idempotency-Key; a
 * customer's form posted again), the completer runs, and every operation has exactly one effect, in our books
 * and in the acquirer's (`acquirer_operations`): one refund, capture, void, authorization, stored card,
 * chargeback or reversal each, the reserved amounts right, nothing left mid-way, every status change's webhook
 * delivered and the interrupted attempt in the delivery log.
 */
describe('money operations killed at every crash point', () => {
  let databaseUrl: string;
  let setup: TestApp;
  let receiver: WebhookReceiver;
  let apiKey: string;
  let projectId: string;
  let server: ServerProcess | null = null;
  /** The order whose webhook is left unanswered by the receiver the first time: in flight at the kill. */
  let heldOrderId: string | null = null;
  let held = false;

  const start = (env: Record<string, string> = {}) =>
    startServerProcess({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'true', ...SERVER_ENV, ...env });
  const bookings = (operation: string, transactionIds: string[]) =>
    sql<{ transaction_id: string }>(
      databaseUrl,
      `select transaction_id from acquirer_operations
        where operation = $1 and (transaction_id = any($2::uuid[]) or original_transaction_id = any($2::uuid[]))`,
      [operation, transactionIds],
    );
  const related = (orderId: string, kind: string) =>
    sql<{ id: string; status: string; amount: string }>(
      databaseUrl,
      'select id, status, amount from orders where related_order_id = $1 and kind = $2 order by created_at',
      [orderId, kind],
    );
  const transactionsOf = (orderId: string) =>
    sql<{ id: string; status: string }>(
      databaseUrl,
      'select id, status from transactions where order_id = $1 order by created_at',
      [orderId],
    );

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    receiver = await startReceiver((webhook, index, response) => {
      if (!held && JSON.parse(webhook.body).order_id === heldOrderId) {
        held = true; // left unanswered: the attempt is in flight when its server dies
        return;
      }
      answer(200, 'ok')(webhook, index, response);
    });
    setup = await startTestApp({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' });
    ({ apiKey, projectId } = await seedProject(setup, { webhookUrl: receiver.url }));
  }, 60_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await setup.stop();
    await receiver.close();
  });

  it('refunds, captures, voids, authorizes, stores, pays by form, link and wallet, and disputes exactly once', async () => {
    const api = restClient(setup.baseUrl, apiKey);
    // 1. One server, a request parked at each crash point, then killed with a webhook attempt in flight. It
    //    starts while the fixtures are made (the process takes longer to start than they do).
    const starting = start({
      GATEWAY_CRASH_MODE: 'park',
      DATABASE_POOL_SIZE: '40',
      WEBHOOK_FIRST_TIMEOUT_MS: '1000',
    });
    const paid = (amount: number) => payOwnCheckoutOrder(setup.baseUrl, apiKey, { amount });
    const authorized = () =>
      payOwnCheckoutOrder(setup.baseUrl, apiKey, { amount: 800, captureMode: 'manual' });
    const [forRefund, forRefunds, forChargeback, chargedBack] = await Promise.all([
      paid(1000),
      paid(1000),
      paid(900),
      paid(900),
    ]);
    const preAuthorizations = await Promise.all([authorized(), authorized(), authorized(), authorized()]);
    const withCard = async () => {
      const order = await createCardOrder(setup.baseUrl, apiKey, { amount: 700 });
      await storeCard(setup, apiKey, {
        setupToken: order.transactions[0].payment_method_details.setup_token,
      });
      return order;
    };
    const [toAuthenticate, toAuthenticateToo, toStore] = await Promise.all([
      withCard(),
      withCard(),
      createCardOrder(setup.baseUrl, apiKey, { amount: 600 }),
    ]);
    const hosted = await Promise.all(
      [1, 2, 3].map(async () => (await api.post<Json>('/v1/orders/', buildOrder({ amount: 500 }))).body),
    );
    const toCancel = (await api.post<Json>('/v1/orders/', buildOrder({ amount: 700 }))).body;
    // The secret the merchant's receivers verify webhooks with before the rotation below.
    const signing = await graphqlClient(setup.baseUrl, apiKey)<Json>(ENABLE_SIGNING);
    const secretInUse: string = signing.data!.enableWebhookSigning.secret;
    const link = (
      await api.post<Json>('/v1/payment-links/', { amount: 1250, currency: 'EUR', single_use: true })
    ).body;
    const linkOrderId = /\/pay\/([0-9a-f-]{36})\//.exec((await openPage(link.url)).location ?? '')![1]!;
    const wallets = await Promise.all([1, 2].map(() => createWalletOrder(setup, apiKey, 'wallet-a-pay')));
    const walletCards = await Promise.all(
      wallets.map(async (order) => (await storeCard(setup, apiKey, { setupToken: order.setupToken })).body),
    );
    const chargeback = (
      await api.post<Json>(`/v1/test/orders/${chargedBack.id}/chargebacks/`, {
        amount: 400,
        reason_code: '10.4',
      })
    ).body;

    server = await starting;
    const doomed = restClient(server.baseUrl, apiKey);
    const vault = restClient(`${server.baseUrl}/vault`, apiKey);
    const customer = restClient(server.baseUrl);
    const refundPath = (order: Json) => `/v1/orders/${order.id}/refunds/`;
    const followUpPath = (order: Json, kind: string) =>
      `/v1/orders/${order.id}/transactions/${order.transactions[0].id}/${kind}/`;
    const disputePath = (order: Json, kind: string) => `/v1/test/orders/${order.id}/${kind}/`;
    const walletPath = (order: (typeof wallets)[number]) =>
      `/pay/${order.orderId}/select-payment-method/wallet-a-pay/${order.transactionId}/`;
    // The customer's browser posts the form again as it was (the same CSRF token and cookie).
    const openedPages = new Map<string, Awaited<ReturnType<typeof openPage>>>();
    const postCardForm = async (baseUrl: string, orderId: string, headers: Record<string, string> = {}) => {
      const page = openedPages.get(orderId) ?? (await openPage(`${baseUrl}/pay/${orderId}/`));
      openedPages.set(orderId, page);
      const response = await fetch(`${baseUrl}/pay/${orderId}/card`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: page.cookie!, ...headers },
        body: new URLSearchParams({ _csrf: page.csrfToken!, ...CARD_FORM }).toString(),
      });
      return { status: response.status, location: response.headers.get('location') };
    };
    const walletGraphQL = (
      baseUrl: string,
      order: (typeof wallets)[number],
      headers: Record<string, string>,
    ) =>
      fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { authorization: basicAuth(apiKey), 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          query: WALLET_EXECUTE,
          variables: {
            input: {
              orderId: order.orderId,
              transactionId: order.transactionId,
              paymentMethod: 'WALLET_A_PAY',
              vaultToken: walletCards[1]!.vault_token,
            },
          },
        }),
      }).then(async (response) => (await response.json()) as Json);

    const keys = Object.fromEntries(
      [
        'r1',
        'r2',
        'r3',
        'r4',
        'r5',
        'c1',
        'c2',
        'v1',
        'v2',
        'a1',
        'a2',
        'card',
        'w2',
        'cb',
        'rv',
        'pl',
        'up',
        'rs',
      ].map((name) => [name, key()]),
    );
    const card = {
      setup_token: toStore.transactions[0].payment_method_details.setup_token,
      pan: TEST_CARDS.visa,
      expiry: TEST_EXPIRY,
    };
    const walletBody = { vault_token: walletCards[0]!.vault_token };
    const linkRequest = { amount: 2500, currency: 'EUR', merchant_order_id: `crash-link-${randomUUID()}` };
    type Headers = Record<string, string>;
    const requests: [string, (crash: Headers) => Promise<unknown>][] = [
      [
        'refund.before-prepare-commit',
        (h) => doomed.post(refundPath(forRefund), { amount: 300 }, { ...keys.r1, ...h }),
      ],
      [
        'refund.after-prepare',
        (h) => doomed.post(refundPath(forRefunds), { amount: 200 }, { ...keys.r2, ...h }),
      ],
      [
        'refund.after-acquirer',
        (h) => doomed.post(refundPath(forRefunds), { amount: 200 }, { ...keys.r3, ...h }),
      ],
      [
        'refund.after-record',
        (h) => doomed.post(refundPath(forRefunds), { amount: 200 }, { ...keys.r4, ...h }),
      ],
      // Nobody retries this one: the completer finishes it.
      [
        'refund.after-prepare',
        (h) => doomed.post(refundPath(forRefunds), { amount: 200 }, { ...keys.r5, ...h }),
      ],
      [
        'capture.after-acquirer',
        (h) => doomed.post(followUpPath(preAuthorizations[0]!, 'captures'), {}, { ...keys.c1, ...h }),
      ],
      [
        'capture.after-commit',
        (h) => doomed.post(followUpPath(preAuthorizations[1]!, 'captures'), {}, { ...keys.c2, ...h }),
      ],
      [
        'void.after-acquirer',
        (h) => doomed.post(followUpPath(preAuthorizations[2]!, 'voids'), undefined, { ...keys.v1, ...h }),
      ],
      [
        'void.after-commit',
        (h) => doomed.post(followUpPath(preAuthorizations[3]!, 'voids'), undefined, { ...keys.v2, ...h }),
      ],
      [
        'authorize.after-acquirer',
        (h) => doomed.post(followUpPath(toAuthenticate, 'authenticate'), {}, { ...keys.a1, ...h }),
      ],
      [
        'authorize.after-commit',
        (h) => doomed.post(followUpPath(toAuthenticateToo, 'authenticate'), {}, { ...keys.a2, ...h }),
      ],
      ['vault.after-commit', (h) => vault.post('/v1/cards/', card, { ...keys.card, ...h })],
      [
        'payment-link.after-commit',
        (h) => doomed.post('/v1/payment-links/', linkRequest, { ...keys.pl, ...h }),
      ],
      [
        'order-update.after-commit',
        (h) =>
          doomed.call('PUT', `/v1/orders/${toCancel.id}/`, { status: 'cancelled' }, { ...keys.up, ...h }),
      ],
      [
        'webhook-signing.after-commit',
        (h) => graphqlClient(server!.baseUrl, apiKey)(ROTATE_SIGNING, {}, { ...keys.rs, ...h }),
      ],
      ['card-form.after-attempt', (h) => postCardForm(server!.baseUrl, hosted[0]!.id, h)],
      ['authorize.after-acquirer', (h) => postCardForm(server!.baseUrl, hosted[1]!.id, h)],
      ['card-form.after-commit', (h) => postCardForm(server!.baseUrl, hosted[2]!.id, h)],
      ['authorize.after-acquirer', (h) => postCardForm(server!.baseUrl, linkOrderId, h)],
      ['authorize.after-acquirer', (h) => customer.post(walletPath(wallets[0]!), walletBody, h)],
      ['wallet.after-commit', (h) => walletGraphQL(server!.baseUrl, wallets[1]!, { ...keys.w2, ...h })],
      [
        'chargeback.after-commit',
        (h) =>
          doomed.post(
            disputePath(forChargeback, 'chargebacks'),
            { amount: 500, reason_code: '4853' },
            { ...keys.cb, ...h },
          ),
      ],
      [
        'reversal.after-commit',
        (h) => doomed.post(disputePath(chargeback, 'reversals'), { amount: 150 }, { ...keys.rv, ...h }),
      ],
    ];
    const parkedPoints = () =>
      [...server!.output.join('').matchAll(/crash point (\S+) parked/g)].map((m) => m[1]);
    // Their connections die with the server: no answer is expected. Two authenticate requests that reach the
    // server in one turn of its event loop share one transaction (platform/db/shared-transactions.ts): a process
    // killed inside it would end both, but the first one parked (not killed) inside it would hold the second's
    // commit for good. So the second is sent once every other request is parked: each dies at its own point.
    const last = requests.findIndex(([point]) => point === 'authorize.after-commit');
    const sendOne = ([point, send]: (typeof requests)[number]) => send(at(point)).catch(() => undefined);
    const sent = requests.map((request, index) => (index === last ? null : sendOne(request)));
    await eventually(
      () => parkedPoints().length === requests.length - 1,
      60_000,
      'every request but the last authenticate parked',
    );
    sent[last] = sendOne(requests[last]!);
    await eventually(
      () => parkedPoints().length === requests.length,
      60_000,
      `every request parked (parked: ${parkedPoints().join(', ')})`,
    );
    expect(parkedPoints().sort()).toEqual(requests.map(([point]) => point).sort());
    // A status change now: its webhook attempt is in flight (unanswered) when the server dies.
    const heldOrder = (await api.post<Json>('/v1/orders/', buildOrder())).body;
    heldOrderId = heldOrder.id;
    await cancelOrder(setup.runtime.services.orm, heldOrder.id);
    await eventually(() => held, 15_000, 'the webhook attempt in flight');
    await server.kill('SIGKILL');
    server = null;
    await Promise.all(sent);

    // 2. A new server: every request again, at once (the dead server's keys died with its connection).
    server = await start();
    const again = restClient(server.baseUrl, apiKey);
    const retried = async <T>(request: Promise<{ status: number; body: T }>, status = 201) => {
      const response = await request;
      expect(response.status).toBe(status);
      return response.body as Json;
    };
    const form = (orderId: string) => postCardForm(server!.baseUrl, orderId);
    const [refunds, captures, voids, authenticated, storedCard, repost, wallet, walletByGraphQL, disputes] =
      await Promise.all([
        Promise.all([
          retried(again.post(refundPath(forRefund), { amount: 300 }, keys.r1)),
          retried(again.post(refundPath(forRefunds), { amount: 200 }, keys.r2)),
          retried(again.post(refundPath(forRefunds), { amount: 200 }, keys.r3)),
          retried(again.post(refundPath(forRefunds), { amount: 200 }, keys.r4)),
        ]),
        Promise.all([
          retried(again.post(followUpPath(preAuthorizations[0]!, 'captures'), {}, keys.c1)),
          retried(again.post(followUpPath(preAuthorizations[1]!, 'captures'), {}, keys.c2)),
        ]),
        Promise.all([
          retried(again.post(followUpPath(preAuthorizations[2]!, 'voids'), undefined, keys.v1)),
          retried(again.post(followUpPath(preAuthorizations[3]!, 'voids'), undefined, keys.v2)),
        ]),
        Promise.all([
          retried(again.post(followUpPath(toAuthenticate, 'authenticate'), {}, keys.a1), 200),
          retried(again.post(followUpPath(toAuthenticateToo, 'authenticate'), {}, keys.a2), 200),
        ]),
        retried(restClient(`${server.baseUrl}/vault`, apiKey).post('/v1/cards/', card, keys.card)),
        // The customer's browser posts the paid form again.
        form(hosted[2]!.id),
        retried(restClient(server.baseUrl).post(walletPath(wallets[0]!), walletBody), 200),
        walletGraphQL(server.baseUrl, wallets[1]!, keys.w2),
        Promise.all([
          retried(
            again.post(
              disputePath(forChargeback, 'chargebacks'),
              { amount: 500, reason_code: '4853' },
              keys.cb,
            ),
          ),
          retried(again.post(disputePath(chargeback, 'reversals'), { amount: 150 }, keys.rv)),
        ]),
      ]);
    expect(refunds.map((refund) => refund.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    expect(authenticated.map((order) => order.status)).toEqual(['completed', 'completed']);
    // The paid form again: sent to the order's page, which shows it paid (charged once, below).
    expect(repost.location).toBe(`${server.baseUrl}/pay/${hosted[2]!.id}/`);
    expect((await again.get<Json>(`/v1/orders/${hosted[2]!.id}/`)).body.status).toBe('completed');
    expect(wallet).toMatchObject({ is_successful: true });
    expect(walletByGraphQL.data.executeWalletPayment).toEqual({
      isSuccessful: true,
      reason: 'NONE',
      userErrors: [],
    });
    const [charged, reversed] = disputes;
    // The cancel made before the death, answered to the retry as the cancelled order (not "the order is final").
    const cancelled = await retried(
      again.call('PUT', `/v1/orders/${toCancel.id}/`, { status: 'cancelled' }, keys.up),
      200,
    );
    expect(cancelled).toMatchObject({ id: toCancel.id, status: 'cancelled' });
    // The rotation made before the death, answered to the retry with the secret it made; not rotated again, so
    // the secret the receivers verify with still signs beside it.
    const rotated = await graphqlClient(server.baseUrl, apiKey)<Json>(ROTATE_SIGNING, {}, keys.rs);
    expect(rotated.data!.rotateWebhookSigningSecret.userErrors).toEqual([]);
    expect(
      await sql(
        databaseUrl,
        'select webhook_signing_secret as current, webhook_signing_secret_previous as previous from projects where id = $1',
        [projectId],
      ),
    ).toEqual([{ current: rotated.data!.rotateWebhookSigningSecret.secret, previous: secretInUse }]);
    // The link made before the death, answered to the retry; no second one.
    const madeLink = await retried(again.post('/v1/payment-links/', linkRequest, keys.pl));
    expect(
      await sql(databaseUrl, 'select id from payment_links where merchant_order_id = $1', [
        linkRequest.merchant_order_id,
      ]),
    ).toEqual([{ id: madeLink.id }]);

    // 3. Nobody comes back for the rest. The customers of the cut-off forms find them in progress, and the
    //    single-use link still leads to its one order. Once older than the grace period (their clock is moved
    //    back here), the server's completers finish the refund and fail the card attempts, releasing them at the
    //    acquirer, so their customers can pay again.
    expect((await openPage(`${server.baseUrl}/pay/${hosted[0]!.id}/`)).html).toContain('Payment in progress');
    expect((await openPage(link.url)).location).toBe(`${setup.baseUrl}/pay/${linkOrderId}/`);
    await sql(
      databaseUrl,
      "update transactions set modified_at = modified_at - interval '10 minutes' where status in ('new', 'processing')",
    );
    await eventually(
      async () =>
        (await sql(databaseUrl, "select id from transactions where status in ('new', 'processing')"))
          .length === 1,
      30_000,
      'the completers finishing the refund and failing the card attempts',
    );
    for (const orderId of [hosted[0]!.id, hosted[1]!.id, linkOrderId]) {
      openedPages.delete(orderId);
      expect((await postCardForm(server.baseUrl, orderId)).status).toBe(303);
      const [abandoned, paidAgain] = await transactionsOf(orderId);
      expect([abandoned!.status, paidAgain!.status]).toEqual(['error', 'accepted']);
      // One payment: the abandoned attempt's hold (if the acquirer made it) was released by a void.
      expect((await bookings('void', [abandoned!.id])).length).toBe(1);
      expect((await bookings('authorize:none', [paidAgain!.id])).length).toBe(1);
    }
    expect((await openPage(link.url)).status).toBe(410);

    // Exactly one effect each, in our books and at the acquirer.
    const refundOrders = [
      ...(await related(forRefund.id, 'refund')),
      ...(await related(forRefunds.id, 'refund')),
    ];
    expect(refundOrders.map((order) => order.status)).toEqual(Array(5).fill('completed'));
    expect(refundOrders.map((order) => order.id)).toEqual(
      expect.arrayContaining(refunds.map((refund) => refund.id)),
    );
    const refundTransactions = (
      await Promise.all(refundOrders.map((order) => transactionsOf(order.id)))
    ).flat();
    expect(
      await bookings(
        'refund',
        refundTransactions.map((t) => t.id),
      ),
    ).toHaveLength(5);
    // 4 × 200 of 1000 refunded: exactly the rest can still be refunded.
    expect((await again.get<Json>(`/v1/orders/${forRefunds.id}/`)).body.refunded_amount).toBe(800);
    expect((await again.post(refundPath(forRefunds), { amount: 201 })).status).toBe(422);
    expect((await again.post(refundPath(forRefunds), { amount: 200 })).status).toBe(201);
    const followUps = [
      [preAuthorizations[0]!, 'capture', captures[0]],
      [preAuthorizations[1]!, 'capture', captures[1]],
      [preAuthorizations[2]!, 'void', voids[0]],
      [preAuthorizations[3]!, 'void', voids[1]],
    ] as const;
    for (const [original, kind, answered] of followUps) {
      const orders = await related(original.id, kind);
      expect(orders).toEqual([expect.objectContaining({ id: answered.id, status: 'completed' })]);
      const transactionIds = (await transactionsOf(orders[0]!.id)).map((t) => t.id);
      expect(await bookings(kind, transactionIds)).toHaveLength(1);
    }
    for (const order of [toAuthenticate, toAuthenticateToo, ...wallets.map((w) => ({ id: w.orderId }))]) {
      const [transaction] = await transactionsOf(order.id);
      expect(transaction!.status).toBe('accepted');
      const made = [
        ...(await bookings('authorize:none', [transaction!.id])),
        ...(await bookings('authorize:external', [transaction!.id])),
      ];
      expect(made).toHaveLength(1);
    }
    expect(
      await sql(databaseUrl, 'select id from vault_cards where transaction_id = $1', [
        toStore.transactions[0].id,
      ]),
    ).toEqual([{ id: storedCard.vault_token }]);
    expect((await related(forChargeback.id, 'chargeback')).map((order) => order.id)).toEqual([charged.id]);
    expect((await related(chargeback.id, 'reversal')).map((order) => order.id)).toEqual([reversed.id]);

    // Nothing is left mid-way, and every status change reached the merchant's webhook.
    // (Only the own checkout whose card was stored waits, for the shop to authenticate it.)
    expect(
      await sql(databaseUrl, "select id from transactions where status in ('new', 'processing')"),
    ).toEqual([{ id: toStore.transactions[0].id }]);
    await eventually(
      async () =>
        (await sql(databaseUrl, "select id from webhook_deliveries where state <> 'delivered'")).length === 0,
      40_000,
      'every webhook delivered',
    );
    const notified = new Set(receiver.received.map((webhook) => JSON.parse(webhook.body).order_id));
    for (const { order_id } of await sql<{ order_id: string }>(
      databaseUrl,
      "select distinct order_id from outbox_events where type = 'order.status_changed'",
    ))
      expect(notified).toContain(order_id);
    // The attempt the dead server never recorded is in the delivery log, before the one that delivered it.
    expect(
      await sql(
        databaseUrl,
        `select a.attempt_number, a.error_kind from webhook_delivery_attempts a
           join webhook_deliveries d on d.id = a.delivery_id where d.order_id = $1 order by a.attempt_number`,
        [heldOrderId],
      ),
    ).toEqual([
      { attempt_number: 1, error_kind: 'interrupted' },
      { attempt_number: 2, error_kind: null },
    ]);
  }, 180_000);
});
