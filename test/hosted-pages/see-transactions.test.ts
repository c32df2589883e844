import {
  answerLate,
  hostedOrderWaitingForTheAcquirer,
  orderPaidTwice,
  payAnotherWay,
} from '../factories/paid-twice.ts';
import { TEST_CARDS } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { cardFields, createHostedOrder, openPage, PageBrowser } from './support.ts';

type Json = Record<string, any>;

const PENDING_CARD = TEST_CARDS.pendingAtAcquirer;

/**
 * Issue 16: the real flow that makes a hosted order `see-transactions`. The customer's first attempt is taken
 * by the acquirer and answered later; the customer chooses to pay another way and pays; the acquirer's late
 * answer then settles the order (declined or expired: `completed`) or leaves two payments (approved:
 * `see-transactions`, and the merchant refunds one).
 */
describe('a hosted order whose first attempt the acquirer answers late (see-transactions)', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    app = await startTestApp({ OUTBOX_SWEEP_INTERVAL_SECONDS: '1' });
    receiver = await startReceiver();
    project = await seedProject(app, { webhookUrl: `${receiver.url}/hooks` });
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(async () => {
    await app.stop();
    await receiver.close();
  });

  const get = async (id: string): Promise<Json> => (await api.get<Json>(`/v1/orders/${id}/`)).body;
  const lateAnswer = (order: Json, transactionId: string, outcome: unknown) =>
    answerLate(app.baseUrl, project.apiKey, order, transactionId, outcome);
  const orderWaitingForTheAcquirer = () => hostedOrderWaitingForTheAcquirer(app.baseUrl, project.apiKey);

  it('keeps an attempt the acquirer answers later processing, and the page offers to wait or pay another way', async () => {
    const { order, first, customer } = await orderWaitingForTheAcquirer();
    const stored = await get(order.id);
    expect(stored.status).toBe('processing');
    expect(first).toMatchObject({
      status: 'processing',
      payment_method: 'credit-card',
      outcomes: {
        processing: {
          status: 'pending',
          response_code: '09',
          response_code_description: 'Request in progress',
        },
      },
    });
    expect(first.payment_url).toBeUndefined();

    const page = await customer.open(order.order_url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Waiting for your bank');
    expect(page.html).toContain(`href="${order.order_url}?pay_again=1"`);
    expect(page.html).not.toContain('name="pan"');

    const again = await customer.open(`${order.order_url}?pay_again=1`);
    expect(again.html).toContain('name="pan"');
    expect(again.html).toContain('role="alert"');
    expect(again.html).toContain('the shop refunds one of the two payments');
    // The earlier attempt cannot be called off, so neither can the order from here.
    expect(again.html).not.toContain('Cancel payment');
  });

  it('refuses a card form left open in another tab while the acquirer owes an answer: no second attempt', async () => {
    const order = await createHostedOrder(app.baseUrl, project.apiKey);
    const customer = new PageBrowser();
    const staleTab = await customer.open(order.order_url);
    await customer.post(order.order_url, 'card', cardFields(PENDING_CARD));

    const posted = await customer.post(order.order_url, 'card', cardFields(TEST_CARDS.visa), staleTab);
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(order.order_url);
    expect((await get(order.id)).transactions.map((t: Json) => t.status)).toEqual(['processing']);
  });

  it('makes the order see-transactions when the customer pays another way, and completes it on a late decline', async () => {
    const { order, first, customer } = await orderWaitingForTheAcquirer();
    expect(await payAnotherWay(order, customer)).toBe(`https://shop.example/return?order_id=${order.id}`);

    const meanwhile = await get(order.id);
    expect(meanwhile.status).toBe('see-transactions');
    expect(meanwhile.completed).toBeUndefined();
    expect(meanwhile.transactions.map((t: Json) => t.status)).toEqual(['processing', 'accepted']);
    // The customer sees their payment done; the merchant checks each transaction.
    expect((await openPage(order.order_url)).html).toContain('Payment completed');

    const declined = await lateAnswer(order, first.id, 'declined');
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('completed');
    expect(declined.body.completed).toEqual(expect.any(String));
    expect(declined.body.transactions[0]).toMatchObject({
      id: first.id,
      status: 'declined',
      reason: 'do_not_honour',
      outcomes: { processing: { status: 'declined', response_code: '05' } },
    });
    expect(declined.body.transactions[0].events.map((e: Json) => e.event)).toEqual([
      'new',
      'processing',
      'declined',
    ]);

    // The acquirer repeats its notice: nothing changes. A different answer now is refused.
    const repeated = await lateAnswer(order, first.id, 'declined');
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual(declined.body);
    const contradicting = await lateAnswer(order, first.id, 'approved');
    expect(contradicting.status).toBe(409);
    expect(contradicting.body.error).toMatchObject({ type: 'authorization_not_pending' });
    expect(await get(order.id)).toEqual(declined.body);

    // Each status change of the order was announced: processing, see-transactions, completed.
    const changes = await sql<{ to_status: string }>(
      app.databaseUrl,
      `select to_status from outbox_events where order_id = $1 and type = 'order.status_changed' order by id`,
      [order.id],
    );
    expect(changes.map((c) => c.to_status)).toEqual(['processing', 'see-transactions', 'completed']);
    const deadline = Date.now() + 15_000;
    const hooks = () => receiver.received.filter((r) => JSON.parse(r.body).order_id === order.id).length;
    while (hooks() < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hooks()).toBeGreaterThanOrEqual(3);
  });

  it('completes the order when the acquirer reports the abandoned attempt expired', async () => {
    const { order, first, customer } = await orderWaitingForTheAcquirer();
    await payAnotherWay(order, customer);
    const expired = await lateAnswer(order, first.id, 'expired');
    expect(expired.status).toBe(200);
    expect(expired.body.status).toBe('completed');
    expect(expired.body.transactions.map((t: Json) => t.status)).toEqual(['expired', 'accepted']);
    expect(expired.body.transactions[0].outcomes.processing).toMatchObject({ response_code: '68' });
  });

  it('keeps the order see-transactions on a late approval: two payments, of which the merchant refunds one', async () => {
    const { order, first, customer } = await orderWaitingForTheAcquirer();
    await payAnotherWay(order, customer);
    const approved = await lateAnswer(order, first.id, 'approved');
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('see-transactions');
    expect(approved.body.transactions.map((t: Json) => t.status)).toEqual(['accepted', 'accepted']);
    expect(approved.body.transactions[0]).toMatchObject({
      reason: 'none',
      outcomes: { processing: { status: 'approved' } },
    });

    const { data } = await graphqlClient(app.baseUrl, project.apiKey)<Json>(
      'query O($id: ID!) { order(id: $id) { status transactions { id status } } }',
      { id: order.id },
    );
    expect(data!.order.status).toBe('SEE_TRANSACTIONS');
    expect(data!.order.transactions.map((t: Json) => t.status)).toEqual(['ACCEPTED', 'ACCEPTED']);

    // Two paid transactions: the refund must name the one it gives back.
    const unnamed = await api.post<Json>(`/v1/orders/${order.id}/refunds/`, { amount: order.amount });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.error).toMatchObject({ type: 'transaction_required' });

    const refund = await api.post<Json>(`/v1/orders/${order.id}/refunds/`, {
      amount: order.amount,
      transaction_id: first.id,
    });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({
      status: 'completed',
      amount: order.amount,
      refund_of_order_id: order.id,
    });
    expect(refund.body.transactions[0]).toMatchObject({
      status: 'accepted',
      payment_method: 'credit-card-refund',
    });

    // That payment is refunded in full; the other is still refundable, and the order stays for the merchant's eye.
    const again = await api.post<Json>(`/v1/orders/${order.id}/refunds/`, {
      amount: 1,
      transaction_id: first.id,
    });
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({ type: 'refund_exceeds_remaining' });
    const second = approved.body.transactions[1].id;
    expect(
      (await api.post(`/v1/orders/${order.id}/refunds/`, { amount: 1, transaction_id: second })).status,
    ).toBe(201);
    const after = await get(order.id);
    expect(after.status).toBe('see-transactions');
    expect(after.refund_orders).toHaveLength(2);
  });

  it('refunds one of two payments through GraphQL too, and counts a chargeback against what is left', async () => {
    const { order, first, customer } = await orderWaitingForTheAcquirer();
    await payAnotherWay(order, customer);
    await lateAnswer(order, first.id, 'approved');
    const chargeback = await api.post<Json>(`/v1/test/orders/${order.id}/chargebacks/`, {
      amount: 400,
      reason_code: '10.4',
    });
    expect(chargeback.status).toBe(201);

    const refund = (transactionId: string | null, amount: number) =>
      graphqlClient(app.baseUrl, project.apiKey)<Json>(
        `mutation R($orderId: ID!, $amount: SafeInt!, $transactionId: ID) {
          refundOrder(orderId: $orderId, amount: $amount, transactionId: $transactionId) {
            refund { amount status } userErrors { field code }
          }
        }`,
        { orderId: order.id, amount, transactionId },
      );
    expect((await refund(null, 100)).data!.refundOrder.userErrors).toEqual([
      { field: 'transactionId', code: 'transaction_required' },
    ]);
    const tooMuch = await refund(first.id, order.amount - 400 + 1);
    expect(tooMuch.data!.refundOrder.userErrors[0].code).toBe('refund_exceeds_remaining');
    const refunded = await refund(first.id, order.amount - 400);
    expect(refunded.data!.refundOrder).toMatchObject({
      refund: { amount: order.amount - 400, status: 'COMPLETED' },
      userErrors: [],
    });
    expect((await get(order.id)).status).toBe('see-transactions');
  });

  /** Moves an order's deadline into the past, as time passing would: the expiry sweep finds it within a second. */
  const passDeadline = async (orderId: string) => {
    await sql(app.databaseUrl, `update orders set expires_at = now() - interval '1 second' where id = $1`, [
      orderId,
    ]);
  };
  const completedSoon = (orderId: string, what: string) =>
    eventually(
      async () => {
        const current = await get(orderId);
        return current.status === 'completed' ? current : undefined;
      },
      15_000,
      what,
    );
  /** Waits until an open order past its deadline is expired: proof that a sweep ran after the deadlines passed. */
  const aSweepHasRun = async () => {
    const other = await createHostedOrder(app.baseUrl, project.apiKey);
    await passDeadline(other.id);
    await eventually(
      async () => ((await get(other.id)).status === 'expired' ? true : undefined),
      15_000,
      'an open order expired by the sweep',
    );
  };

  it('expires the attempt nobody answered at the order’s deadline and completes the order on the payment it holds', async () => {
    const { order, first, customer } = await orderWaitingForTheAcquirer();
    await payAnotherWay(order, customer);
    expect((await get(order.id)).status).toBe('see-transactions');

    await passDeadline(order.id);
    const settled = await completedSoon(order.id, 'the order completed by the expiry sweep');
    expect(settled.completed).toEqual(expect.any(String));
    expect(settled.transactions.map((t: Json) => t.status)).toEqual(['expired', 'accepted']);
    expect(settled.transactions[0].events.map((e: Json) => e.event)).toEqual([
      'new',
      'processing',
      'expired',
    ]);

    // The acquirer's answer after the deadline is refused, whatever it is; the payment the order holds stays.
    const late = await lateAnswer(order, first.id, 'approved');
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ type: 'authorization_not_pending' });
    expect(await get(order.id)).toEqual(settled);

    const changes = await sql<{ to_status: string }>(
      app.databaseUrl,
      `select to_status from outbox_events where order_id = $1 and type = 'order.status_changed' order by id`,
      [order.id],
    );
    expect(changes.map((c) => c.to_status)).toEqual(['processing', 'see-transactions', 'completed']);
    // One webhook per status change of the order (they carry no status): the third is the completion's.
    await eventually(
      () =>
        receiver.received.filter((r) => JSON.parse(r.body).order_id === order.id).length >= 3 || undefined,
      15_000,
      'the completion’s webhook',
    );
  });

  it('completes such an order in the same sweep as other overdue orders', async () => {
    const { order, customer } = await orderWaitingForTheAcquirer();
    await payAnotherWay(order, customer);
    await passDeadline(order.id);
    const other = await createHostedOrder(app.baseUrl, project.apiKey);
    await passDeadline(other.id);

    const settled = await completedSoon(order.id, 'the order completed by the sweep');
    expect(settled.transactions.map((t: Json) => t.status)).toEqual(['expired', 'accepted']);
    const expired = await eventually(
      async () => ((await get(other.id)).status === 'expired' ? 'expired' : undefined),
      15_000,
      'the other order expired',
    );
    expect(expired).toBe('expired');
  });

  it('leaves an order paid twice as it is at its deadline: nothing is open, the merchant still decides', async () => {
    const paidTwice = await orderPaidTwice(app.baseUrl, project.apiKey);
    const before = await get(paidTwice.id);
    await passDeadline(paidTwice.id);
    await aSweepHasRun();
    const after = await get(paidTwice.id);
    expect(after.status).toBe('see-transactions');
    expect(after.transactions.map((t: Json) => t.status)).toEqual(['accepted', 'accepted']);
    expect(after.modified).toBe(before.modified);
  });

  it('records a notice the acquirer sends twice at once exactly once (the order row lock serialises them)', async () => {
    const { order, first, customer } = await orderWaitingForTheAcquirer();
    await payAnotherWay(order, customer);
    const answers = await Promise.all([
      lateAnswer(order, first.id, 'declined'),
      lateAnswer(order, first.id, 'declined'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = await get(order.id);
    expect(after.status).toBe('completed');
    expect(after.transactions[0].events.map((e: Json) => e.event)).toEqual(['new', 'processing', 'declined']);
    const completions = await sql(
      app.databaseUrl,
      `select 1 from outbox_events where order_id = $1 and type = 'order.status_changed' and to_status = 'completed'`,
      [order.id],
    );
    expect(completions).toHaveLength(1);
  });

  it('answers the simulated late answer only to test keys, within the caller’s project, and checks its body', async () => {
    const { order, first } = await orderWaitingForTheAcquirer();
    const live = await seedProject(app, { mode: 'live' });
    const liveAnswer = await restClient(app.baseUrl, live.apiKey).post<Json>(
      `/v1/test/orders/${order.id}/transactions/${first.id}/outcome/`,
      { outcome: 'approved' },
    );
    expect(liveAnswer.status).toBe(404);

    const other = await seedProject(app);
    const foreign = await restClient(app.baseUrl, other.apiKey).post<Json>(
      `/v1/test/orders/${order.id}/transactions/${first.id}/outcome/`,
      { outcome: 'approved' },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ type: 'not_found' });

    for (const body of [{ outcome: 'maybe' }, {}, { outcome: 'approved', extra: 1 }]) {
      const refused = await api.post<Json>(
        `/v1/test/orders/${order.id}/transactions/${first.id}/outcome/`,
        body,
      );
      expect(refused.status).toBe(400);
    }
    expect((await get(order.id)).transactions.map((t: Json) => t.status)).toEqual(['processing']);
  });
});
