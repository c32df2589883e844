import {
  answerChallenge,
  createCardOrder,
  openPaymentPage,
  postPaymentForm,
  storeCard,
  TEST_CARDS,
  TEST_CVC,
} from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('3-D Secure challenge page of an own-checkout card payment, by plain HTTP', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  /** An own-checkout order paid with the challenge card, left pending on the challenge. */
  const pendingChallenge = async (order: Record<string, unknown> = {}) => {
    const created = await createCardOrder(app.baseUrl, project.apiKey, {
      order: { failure_url: 'https://shop.example/failed', ...order },
    });
    const transaction = created.transactions[0];
    const { body: card } = await storeCard(app, project.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
      pan: TEST_CARDS.challenge,
    });
    const { body } = await api.post<Record<string, any>>(
      `/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`,
      { vault_token: card.vault_token, cvc: TEST_CVC },
    );
    return { orderId: created.id as string, paymentUrl: body.transactions[0].payment_url as string };
  };

  const orderOf = async (orderId: string) =>
    (await api.get<Record<string, any>>(`/v1/orders/${orderId}/`)).body;

  it('shows a server-rendered challenge form with a CSRF token and the test code hint', async () => {
    const { paymentUrl } = await pendingChallenge();
    const page = await openPaymentPage(paymentUrl);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<form method="post"');
    expect(page.html).toContain('name="code"');
    expect(page.html).toContain('the code 1234 passes');
    expect(page.csrfToken).toEqual(expect.any(String));
    expect(page.cookie).toMatch(/^_csrf=/);
  });

  it('completes the payment when the challenge is passed and sends the customer to return_url with the order id', async () => {
    const { orderId, paymentUrl } = await pendingChallenge();
    const answer = await answerChallenge(paymentUrl, '1234');
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`https://shop.example/return?order_id=${orderId}`);

    const order = await orderOf(orderId);
    expect(order.status).toBe('completed');
    expect(order.transactions[0]).toMatchObject({
      status: 'accepted',
      reason: 'none',
      outcomes: { processing: { status: 'approved', response_code: '00' } },
    });
    expect(order.transactions[0].events.map((e: { event: string }) => e.event)).toEqual([
      'new',
      'pending',
      'accepted',
    ]);
  });

  it('declines the payment when the challenge fails and sends the customer to failure_url', async () => {
    const { orderId, paymentUrl } = await pendingChallenge();
    const answer = await answerChallenge(paymentUrl, '0000');
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`https://shop.example/failed?order_id=${orderId}`);
    const order = await orderOf(orderId);
    expect(order.status).toBe('error');
    expect(order.transactions[0]).toMatchObject({ status: 'declined', reason: 'authentication_failed' });
  });

  it('expires the order, authorizing nothing, when the challenge is passed after its deadline', async () => {
    const { orderId, paymentUrl } = await pendingChallenge();
    // The sweep runs about once a second: the deadline passed a moment ago, before it came by.
    await sql(
      app.databaseUrl,
      "update orders set expires_at = now() - interval '1 millisecond' where id = $1",
      [orderId],
    );
    const answer = await answerChallenge(paymentUrl, '1234');
    expect(answer.status).toBe(303);
    const order = await orderOf(orderId);
    expect(order.status).toBe('expired');
    expect(order.transactions[0].status).toBe('expired');
  });

  it('falls back to return_url on failure when there is no failure_url', async () => {
    const { orderId, paymentUrl } = await pendingChallenge({ failure_url: undefined });
    const answer = await answerChallenge(paymentUrl, 'wrong');
    expect(answer.location).toBe(`https://shop.example/return?order_id=${orderId}`);
  });

  it('keeps the customer on a result page when the shop gave no URL', async () => {
    const { paymentUrl } = await pendingChallenge({ return_url: undefined, failure_url: undefined });
    const answer = await answerChallenge(paymentUrl, '1234');
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('Payment completed');
  });

  it('refuses a form post without the CSRF token and changes nothing', async () => {
    const { orderId, paymentUrl } = await pendingChallenge();
    const page = await openPaymentPage(paymentUrl);
    const forged = await postPaymentForm(
      paymentUrl,
      'challenge',
      { code: '1234' },
      { ...page, csrfToken: null },
    );
    expect(forged.status).toBe(403);
    const withoutCookie = await postPaymentForm(
      paymentUrl,
      'challenge',
      { code: '1234' },
      { ...page, cookie: null },
    );
    expect(withoutCookie.status).toBe(403);
    expect((await orderOf(orderId)).transactions[0].status).toBe('pending');
  });

  it('answers a second submission with the outcome of the first', async () => {
    const { orderId, paymentUrl } = await pendingChallenge();
    const page = await openPaymentPage(paymentUrl);
    await postPaymentForm(paymentUrl, 'challenge', { code: '1234' }, page);
    const again = await postPaymentForm(paymentUrl, 'challenge', { code: '0000' }, page);
    expect(again.location).toBe(`https://shop.example/return?order_id=${orderId}`);
    expect((await orderOf(orderId)).transactions[0].status).toBe('accepted');
  });

  it('settles two simultaneous answers to one challenge exactly once', async () => {
    const { orderId, paymentUrl } = await pendingChallenge();
    const page = await openPaymentPage(paymentUrl);
    await Promise.all([
      postPaymentForm(paymentUrl, 'challenge', { code: '1234' }, page),
      postPaymentForm(paymentUrl, 'challenge', { code: '0000' }, page),
    ]);
    const events = (await orderOf(orderId)).transactions[0].events.map((e: { event: string }) => e.event);
    expect(events).toHaveLength(3);
    expect(events.slice(0, 2)).toEqual(['new', 'pending']);
  });

  it('redirects a visit of a finished payment straight back to the shop', async () => {
    const { orderId, paymentUrl } = await pendingChallenge();
    await answerChallenge(paymentUrl, '1234');
    const page = await openPaymentPage(paymentUrl);
    expect(page.status).toBe(303);
    expect(page.location).toBe(`https://shop.example/return?order_id=${orderId}`);
  });

  it('answers 404 with a page for an unknown transaction', async () => {
    const page = await openPaymentPage(
      `${app.baseUrl}/redirect/00000000-0000-4000-8000-000000000000/to/payment/`,
    );
    expect(page.status).toBe(404);
    expect(page.html).toContain('Payment not found');
  });

  it('escapes the order description on the page', async () => {
    const { paymentUrl } = await pendingChallenge({ description: '<script>alert(1)</script>' });
    const page = await openPaymentPage(paymentUrl);
    expect(page.html).not.toContain('<script>alert(1)</script>');
    expect(page.html).toContain('&lt;script&gt;');
  });
});
