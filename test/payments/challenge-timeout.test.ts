import pg from 'pg';
import { expireOrderIfDue } from '../../src/modules/orders/index.ts';
import { expireOverdueChallenges } from '../../src/modules/payments/commands/expire-challenges.ts';
import { OVERDUE_CHALLENGES } from '../../src/modules/payments/payment.repository.ts';
import {
  answerChallenge,
  createCardOrder,
  openPaymentPage,
  paymentEffectsOf,
  storeCard,
  TEST_CARDS,
  TEST_CVC,
} from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { cardFields, createHostedOrder, getOrder, PageBrowser } from '../hosted-pages/support.ts';

type Json = Record<string, any>;

/** The timeout the apps run with, and a moment past it. */
const TIMEOUT = 'PT1M';
const PAST_TIMEOUT_MS = 61_000;
const ELSEWHERE = 'A payment for this order is in progress in another browser';

/**
 * A 3-D Secure challenge nobody answers within THREE_D_SECURE_CHALLENGE_TIMEOUT ends: its transaction becomes
 * `expired` (reason `authentication_timeout`) with its event and outbox row. A hosted order is payable again, by
 * any browser; an own checkout expires with its one transaction. Time passes by the apps' clocks, not by sleeps.
 */
describe('the 3-D Secure challenge timeout', () => {
  let app: TestApp;
  /** The same, with no background work: its sweeps run only when a test calls them. */
  let quiet: TestApp;
  let receiver: WebhookReceiver;
  let apiKey: string;
  let quietKey: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await startTestApp({
      THREE_D_SECURE_CHALLENGE_TIMEOUT: TIMEOUT,
      OUTBOX_SWEEP_INTERVAL_SECONDS: '1',
    });
    quiet = await startTestApp({ THREE_D_SECURE_CHALLENGE_TIMEOUT: TIMEOUT, JOBS_ENABLED: 'false' });
    ({ apiKey } = await seedProject(app, { webhookUrl: `${receiver.url}/hooks` }));
    ({ apiKey: quietKey } = await seedProject(quiet));
  });
  afterAll(async () => {
    await app.stop();
    await quiet.stop();
    await receiver.close();
  });

  /** An own-checkout order whose one transaction waits for its challenge. */
  async function ownCheckoutChallenge(target: TestApp, key: string) {
    const order = await createCardOrder(target.baseUrl, key, {
      order: { return_url: 'https://shop.example/return', failure_url: 'https://shop.example/failed' },
    });
    const transaction = order.transactions[0];
    const { body: card } = await storeCard(target, key, {
      setupToken: transaction.payment_method_details.setup_token,
      pan: TEST_CARDS.challenge,
    });
    const { body: pending } = await restClient(target.baseUrl, key).post<Json>(
      `/v1/orders/${order.id}/transactions/${transaction.id}/authenticate/`,
      { vault_token: card.vault_token, cvc: TEST_CVC },
    );
    expect(pending.transactions[0]).toMatchObject({ status: 'pending' });
    return { order, transaction: pending.transactions[0] as Json };
  }

  const sweepOnce = (target: TestApp) => expireOverdueChallenges(target.runtime.deps, 200);
  const eventsOf = (target: TestApp, transactionId: string) =>
    sql(target.databaseUrl, 'select event, source from transaction_events where transaction_id = $1', [
      transactionId,
    ]);
  /** The order's own `expired` outbox rows (its status_changed webhook). */
  const orderExpiriesOf = async (target: TestApp, orderId: string) => {
    const [{ n }] = await sql<{ n: number }>(
      target.databaseUrl,
      `select count(*)::int as n from outbox_events
        where order_id = $1 and type = 'order.status_changed' and to_status = 'expired'`,
      [orderId],
    );
    return n;
  };
  const expiryOutboxOf = (target: TestApp, transactionId: string) =>
    sql(
      target.databaseUrl,
      `select type, from_status, to_status from outbox_events
        where transaction_id = $1 and type = 'transaction.status_changed' and to_status = 'expired'`,
      [transactionId],
    );
  const authorizationOf = async (target: TestApp, transactionId: string) =>
    (
      await sql(
        target.databaseUrl,
        'select result, authorized_at from card_authorizations where transaction_id = $1',
        [transactionId],
      )
    )[0];

  it('expires a hosted challenge left unanswered, with its event and outbox row, and the order page is payable again for another browser', async () => {
    const order = await createHostedOrder(app.baseUrl, apiKey, {
      return_url: 'https://shop.example/return',
      failure_url: 'https://shop.example/failed',
    });
    const payer = new PageBrowser();
    const other = new PageBrowser();
    await payer.post(order.order_url, 'card', cardFields(TEST_CARDS.challenge));
    const [challenged] = (await getOrder(app.baseUrl, apiKey, order.id)).transactions;
    expect(challenged.status).toBe('pending');
    expect((await other.open(order.order_url)).html).toContain(ELSEWHERE);
    const challengePage = await payer.open(challenged.payment_url);
    expect(challengePage.html).toContain('name="code"');

    app.advanceClock(PAST_TIMEOUT_MS);
    const expired = await eventually(async () => {
      const now = await getOrder(app.baseUrl, apiKey, order.id);
      return now.transactions[0].status === 'expired' && now;
    });
    expect(expired.status).toBe('processing');
    expect(expired.transactions[0]).toMatchObject({ status: 'expired', reason: 'authentication_timeout' });
    expect((await eventsOf(app, challenged.id)).filter((e) => e.event === 'expired')).toEqual([
      { event: 'expired', source: 'expiry' },
    ]);
    expect(await expiryOutboxOf(app, challenged.id)).toEqual([
      { type: 'transaction.status_changed', from_status: 'pending', to_status: 'expired' },
    ]);
    expect(await authorizationOf(app, challenged.id)).toEqual({ result: 'expired', authorized_at: null });

    // The payer comes back to the challenge page they left open and answers: too late, nothing is authorized.
    const before = await paymentEffectsOf(app.databaseUrl, challenged.id);
    const late = await payer.post(challenged.payment_url, 'challenge', { code: '1234' }, challengePage);
    expect(late.status).toBe(303);
    expect(late.location).toMatch(new RegExp(`^${order.order_url}`));
    expect((await getOrder(app.baseUrl, apiKey, order.id)).transactions[0].status).toBe('expired');
    expect(await paymentEffectsOf(app.databaseUrl, challenged.id)).toEqual(before);
    expect(before.accepted).toBe(0);

    // Any browser may pay now.
    const page = await other.open(order.order_url);
    expect(page.html).toContain('name="pan"');
    const paid = await other.post(order.order_url, 'card', cardFields(TEST_CARDS.visa), page);
    expect(paid.location).toBe(`https://shop.example/return?order_id=${order.id}`);
    expect((await getOrder(app.baseUrl, apiKey, order.id)).status).toBe('completed');
  });

  it('expires an own checkout whose only challenge timed out, and the merchant gets the webhook', async () => {
    const { order, transaction } = await ownCheckoutChallenge(app, apiKey);
    const webhooksOf = () =>
      receiver.received.filter((request) => JSON.parse(request.body).order_id === order.id).length;
    const sentBefore = webhooksOf();

    app.advanceClock(PAST_TIMEOUT_MS);
    const expired = await eventually(async () => {
      const now = await getOrder(app.baseUrl, apiKey, order.id);
      return now.status === 'expired' && now;
    });
    expect(expired.transactions[0]).toMatchObject({ status: 'expired', reason: 'authentication_timeout' });
    expect(await orderExpiriesOf(app, order.id)).toBe(1);
    await eventually(() => webhooksOf() > sentBefore, 15_000, 'the status_changed webhook');
    const page = await openPaymentPage(transaction.payment_url);
    expect(page.location).toBe(`https://shop.example/failed?order_id=${order.id}`);
  });

  it('refuses an answer that comes after the timeout even before any sweep ran, and authorizes nothing', async () => {
    const { order, transaction } = await ownCheckoutChallenge(quiet, quietKey);
    quiet.advanceClock(PAST_TIMEOUT_MS);

    const late = await answerChallenge(transaction.payment_url, '1234');
    expect(late.location).toBe(`https://shop.example/failed?order_id=${order.id}`);
    const after = await getOrder(quiet.baseUrl, quietKey, order.id);
    expect(after.status).toBe('expired');
    expect(after.transactions[0]).toMatchObject({ status: 'expired', reason: 'authentication_timeout' });
    expect((await paymentEffectsOf(quiet.databaseUrl, transaction.id)).accepted).toBe(0);
    expect(await authorizationOf(quiet, transaction.id)).toEqual({ result: 'expired', authorized_at: null });
    // The sweep finds nothing left to do.
    expect(await expiryOutboxOf(quiet, transaction.id)).toHaveLength(1);
    await sweepOnce(quiet);
    expect(await expiryOutboxOf(quiet, transaction.id)).toHaveLength(1);
  });

  it('expires each challenge once when two sweeps run at the same time', async () => {
    const challenges = await Promise.all([1, 2, 3].map(() => ownCheckoutChallenge(quiet, quietKey)));
    quiet.advanceClock(PAST_TIMEOUT_MS);

    await Promise.all([sweepOnce(quiet), sweepOnce(quiet)]);

    for (const { order, transaction } of challenges) {
      expect((await getOrder(quiet.baseUrl, quietKey, order.id)).status).toBe('expired');
      expect((await eventsOf(quiet, transaction.id)).filter((e) => e.event === 'expired')).toHaveLength(1);
      expect(await expiryOutboxOf(quiet, transaction.id)).toHaveLength(1);
      expect(await orderExpiriesOf(quiet, order.id)).toBe(1);
    }
  });

  it("closes the authorization of a challenge its order's expiry already ended, so the sweep does not read it again", async () => {
    const { order, transaction } = await ownCheckoutChallenge(quiet, quietKey);
    await sql(quiet.databaseUrl, "update orders set expires_at = now() - interval '1 second' where id = $1", [
      order.id,
    ]);
    expect(await expireOrderIfDue(quiet.runtime.deps, order.id)).toEqual({ kind: 'expired' });
    expect((await authorizationOf(quiet, transaction.id))!.result).toBe('challenge_required');
    quiet.advanceClock(PAST_TIMEOUT_MS);

    await sweepOnce(quiet);
    expect((await authorizationOf(quiet, transaction.id))!.result).toBe('expired');
    expect((await eventsOf(quiet, transaction.id)).filter((e) => e.event === 'expired')).toHaveLength(1);
    expect(await sweepOnce(quiet)).toMatchObject({ acted: 0 });
  });

  it('leaves a challenge answered in time untouched', async () => {
    const { order, transaction } = await ownCheckoutChallenge(quiet, quietKey);
    quiet.advanceClock(PAST_TIMEOUT_MS / 2);
    await sweepOnce(quiet);
    expect((await getOrder(quiet.baseUrl, quietKey, order.id)).transactions[0].status).toBe('pending');

    const answered = await answerChallenge(transaction.payment_url, '1234');
    expect(answered.location).toBe(`https://shop.example/return?order_id=${order.id}`);
    quiet.advanceClock(PAST_TIMEOUT_MS);
    await sweepOnce(quiet);

    const after = await getOrder(quiet.baseUrl, quietKey, order.id);
    expect(after.status).toBe('completed');
    expect(after.transactions[0].status).toBe('accepted');
    expect(await expiryOutboxOf(quiet, transaction.id)).toEqual([]);
    expect((await authorizationOf(quiet, transaction.id))!.result).toBe('approved');
  });

  it('finds the overdue challenges through their partial index, which card payments without a challenge never enter', async () => {
    const order = await createCardOrder(quiet.baseUrl, quietKey);
    const paying = order.transactions[0];
    const { body: card } = await storeCard(quiet, quietKey, {
      setupToken: paying.payment_method_details.setup_token,
    });
    await restClient(quiet.baseUrl, quietKey).post<Json>(
      `/v1/orders/${order.id}/transactions/${paying.id}/authenticate/`,
      { vault_token: card.vault_token, cvc: TEST_CVC },
    );
    const { transaction: waiting } = await ownCheckoutChallenge(quiet, quietKey);

    // A test database is a page or two: the planner would rightly read it whole. Forbidden to, it shows that the
    // sweep's query is one the partial index answers (its predicate matches).
    const client = new pg.Client({ connectionString: quiet.databaseUrl });
    await client.connect();
    try {
      await client.query('set enable_seqscan = off');
      const { rows } = await client.query(`explain (analyze, format json) ${OVERDUE_CHALLENGES}`, [
        new Date(Date.now() + 3_600_000),
        200,
      ]);
      const nodes = (node: Json): Json[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
      const scans = nodes(rows[0]['QUERY PLAN'][0].Plan).filter((node) => node['Index Name']);
      expect(scans.map((node) => node['Index Name'])).toEqual(['card_authorizations_challenges_idx']);
    } finally {
      await client.end();
    }
    const inIndex = await sql(
      quiet.databaseUrl,
      `select transaction_id from card_authorizations where result = 'challenge_required' and transaction_id = any($1)`,
      [[paying.id, waiting.id]],
    );
    expect(inIndex).toEqual([{ transaction_id: waiting.id }]);
  });
});
