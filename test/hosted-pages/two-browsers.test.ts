import { TEST_CARDS } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createLink, openLink } from '../payment-links/support.ts';
import { cardFields, createHostedOrder, getOrder, PageBrowser } from './support.ts';

type Json = Record<string, any>;

/** What a browser that did not start the payment is shown instead of its details and actions. */
const ELSEWHERE = 'A payment for this order is in progress in another browser';

/**
 * One order page (`order_url`, or a single-use payment link leading to it) opened in two browsers, each with its
 * own cookies. The attempt in progress (its challenge or bank page, the card's last four digits, cancelling it,
 * paying again beside it, why it failed) belongs to the browser that started it; the other browser is only told
 * that a payment is in progress. The merchant's API shows everything, as before.
 */
describe('an order page opened in two browsers', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp();
    ({ apiKey } = await seedProject(app));
  });
  afterAll(() => app.stop());

  const hostedOrder = (overrides: Record<string, unknown> = {}) =>
    createHostedOrder(app.baseUrl, apiKey, {
      return_url: 'https://shop.example/return',
      failure_url: 'https://shop.example/failed',
      ...overrides,
    });
  const orderOf = (id: string): Promise<Json> => getOrder(app.baseUrl, apiKey, id);

  /** The order, the payer who started a 3-D Secure challenge on it, and a second browser that opened it before. */
  async function challengeStartedByOneBrowser() {
    const order = await hostedOrder();
    const payer = new PageBrowser();
    const other = new PageBrowser();
    const otherPage = await other.open(order.order_url);
    expect(otherPage.html).toContain('name="pan"');
    const started = await payer.post(order.order_url, 'card', cardFields(TEST_CARDS.challenge));
    const [transaction] = (await orderOf(order.id)).transactions;
    expect(started.location).toBe(transaction.payment_url);
    return { order, transaction, payer, other, otherPage };
  }

  it('shows the payer the challenge, and the other browser neither its link nor the card, only that a payment is in progress', async () => {
    const { order, transaction, payer, other } = await challengeStartedByOneBrowser();

    const challenge = await payer.open(transaction.payment_url);
    expect(challenge.html).toContain('ending in 3220');
    expect(challenge.html).toContain('name="code"');
    const payersOrderPage = await payer.open(order.order_url);
    expect(payersOrderPage.html).toContain('Confirmation needed');
    expect(payersOrderPage.html).toContain(`href="${transaction.payment_url}"`);

    for (const url of [order.order_url, transaction.payment_url]) {
      const seen = await other.open(url);
      expect(seen.status).toBe(200);
      expect(seen.html).toContain(ELSEWHERE);
      expect(seen.html).not.toContain(transaction.id);
      expect(seen.html).not.toContain('3220');
      expect(seen.html).not.toContain('<form');
      expect(seen.csrfToken).toBeNull();
    }
    // The merchant's API is unchanged: it shows the attempt and its payment_url.
    expect((await orderOf(order.id)).transactions[0].payment_url).toBe(transaction.payment_url);
  });

  it("does not let the other browser cancel the payer's attempt from the order page it opened before", async () => {
    const { order, transaction, payer, other, otherPage } = await challengeStartedByOneBrowser();
    const cancelled = await other.post(order.order_url, 'cancel', {}, otherPage);
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(order.order_url);
    const after = await orderOf(order.id);
    expect(after.status).toBe('processing');
    expect(after.transactions[0]).toMatchObject({ id: transaction.id, status: 'pending' });

    // The payer still finishes their payment.
    const answered = await payer.post(transaction.payment_url, 'challenge', { code: '1234' });
    expect(answered.location).toBe(`https://shop.example/return?order_id=${order.id}`);
    expect((await orderOf(order.id)).status).toBe('completed');
  });

  it("refuses the other browser's answer or cancel on the payment page with 403, changing nothing", async () => {
    const { order, transaction, payer, other } = await challengeStartedByOneBrowser();
    const payersPage = await payer.open(transaction.payment_url);
    // The payer's form token, with the other browser's cookies: refused as a forged post.
    for (const form of ['cancel', 'challenge'] as const) {
      const refused = await other.post(transaction.payment_url, form, { code: '1234' }, payersPage);
      expect(refused.status).toBe(403);
    }
    // The payer's CSRF cookie and token (a copied request), without the payer cookie: still not theirs.
    const csrfOnly = payer
      .cookie!.split('; ')
      .filter((pair) => pair.startsWith('_csrf='))
      .join('; ');
    for (const form of ['cancel', 'challenge']) {
      const response = await fetch(`${transaction.payment_url}${form}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfOnly },
        body: new URLSearchParams({ _csrf: payersPage.csrfToken!, code: '1234' }).toString(),
      });
      expect(response.status).toBe(403);
      const html = await response.text();
      expect(html).toContain(ELSEWHERE);
      expect(html).not.toContain('3220');
    }
    const after = await orderOf(order.id);
    expect(after.transactions[0]).toMatchObject({ status: 'pending' });
    expect(after.status).toBe('processing');
  });

  it('lets the other browser pay once the payer’s attempt has failed', async () => {
    const { order, transaction, payer, other } = await challengeStartedByOneBrowser();
    await payer.post(transaction.payment_url, 'challenge', { code: '0000' });
    const page = await other.open(order.order_url);
    expect(page.html).toContain('name="pan"');
    const paid = await other.post(order.order_url, 'card', cardFields(TEST_CARDS.visa), page);
    expect(paid.location).toBe(`https://shop.example/return?order_id=${order.id}`);
    expect((await orderOf(order.id)).status).toBe('completed');
  });

  it('explains a failed attempt only to the browser that made it', async () => {
    const order = await hostedOrder();
    const payer = new PageBrowser();
    const declined = await payer.post(order.order_url, 'card', cardFields(TEST_CARDS.insufficientFunds));
    expect(declined.location).toMatch(/\?attempt=/);
    expect((await payer.open(declined.location!)).html).toContain('insufficient funds');

    const shared = await new PageBrowser().open(declined.location!);
    expect(shared.html).toContain('name="pan"');
    expect(shared.html).not.toContain('insufficient funds');
    expect(shared.html).not.toContain('role="alert"');
  });

  it('offers "Pay another way" beside an attempt the acquirer answers later only to the browser that made it', async () => {
    const order = await hostedOrder();
    const payer = new PageBrowser();
    const other = new PageBrowser();
    const otherPage = await other.open(order.order_url);
    const waiting = await payer.post(order.order_url, 'card', cardFields(TEST_CARDS.pendingAtAcquirer));
    expect(waiting.location).toBe(order.order_url);
    expect((await payer.open(order.order_url)).html).toContain(`href="${order.order_url}?pay_again=1"`);

    for (const url of [order.order_url, `${order.order_url}?pay_again=1`]) {
      const seen = await other.open(url);
      expect(seen.html).toContain(ELSEWHERE);
      expect(seen.html).not.toContain('pay_again');
      expect(seen.html).not.toContain('<form');
    }
    const posted = await other.post(
      order.order_url,
      'card',
      cardFields(TEST_CARDS.visa, { pay_again: '1' }),
      otherPage,
    );
    expect(posted.location).toBe(order.order_url);
    expect((await orderOf(order.id)).transactions.map((t: Json) => t.status)).toEqual(['processing']);
  });

  it('keeps a hosted iDEAL payment at the bank to the browser that chose it', async () => {
    const order = await hostedOrder();
    const payer = new PageBrowser();
    const other = new PageBrowser();
    await other.open(order.order_url);
    const toBank = await payer.post(order.order_url, 'method/ideal', {});
    expect(toBank.location).toMatch(/\/ideal\/bank\/[0-9a-f-]{36}\/$/);
    const bankUrl = toBank.location!;
    expect((await payer.open(bankUrl)).html).toContain('name="outcome"');

    for (const url of [order.order_url, bankUrl]) {
      const seen = await other.open(url);
      expect(seen.html).toContain(ELSEWHERE);
      expect(seen.html).not.toContain(bankUrl);
      expect(seen.html).not.toContain('<form');
    }
    const payersPage = await payer.open(bankUrl);
    const refused = await other.post(bankUrl, '', { outcome: 'cancel' }, payersPage);
    expect(refused.status).toBe(403);
    expect((await orderOf(order.id)).transactions[0].status).toBe('pending');
  });

  it('ties the attempt with an HttpOnly, SameSite=Lax cookie whose value is stored only as a keyed hash', async () => {
    const order = await hostedOrder();
    const page = await fetch(order.order_url);
    const csrf = page.headers.getSetCookie()[0]!.split(';')[0]!;
    const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    const posted = await fetch(`${order.order_url}card`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrf },
      body: new URLSearchParams({ _csrf: token, ...cardFields(TEST_CARDS.challenge) }).toString(),
    });
    expect(posted.status).toBe(303);
    const payerCookie = posted.headers.getSetCookie().find((cookie) => cookie.startsWith('_payer='))!;
    expect(payerCookie).toMatch(/^_payer=[A-Za-z0-9_-]{43};/);
    expect(payerCookie).toMatch(/; HttpOnly/i);
    expect(payerCookie).toMatch(/; SameSite=Lax/i);
    expect(payerCookie).toMatch(/; Path=\//);
    // http here; https base URLs add Secure (unit-tested with the cookie's options).
    expect(payerCookie).not.toMatch(/; Secure/i);
    const value = payerCookie.split(';')[0]!.slice('_payer='.length);
    const [transaction] = (await orderOf(order.id)).transactions;
    const rows = await sql<{ browser_hash: string }>(
      app.databaseUrl,
      'select browser_hash from attempt_browsers where transaction_id = $1',
      [transaction.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.browser_hash).not.toContain(value);
    const everything = JSON.stringify(await sql(app.databaseUrl, 'select * from attempt_browsers'));
    expect(everything).not.toContain(value);
  });

  describe('a single-use payment link', () => {
    it('sends a second browser to the same order, which shows it no detail of the first payer’s challenge', async () => {
      const api = restClient(app.baseUrl, apiKey);
      const link = await createLink(api, { single_use: true, return_url: 'https://shop.example/return' });
      const payer = new PageBrowser();
      const other = new PageBrowser();

      const opened = await openLink(link.url);
      const orderUrl = opened.location!;
      const started = await payer.post(orderUrl, 'card', cardFields(TEST_CARDS.challenge));
      const paymentUrl = started.location!;
      expect(paymentUrl).toMatch(/\/redirect\/[0-9a-f-]{36}\/to\/payment\/$/);

      const again = await openLink(link.url);
      expect(again.location).toBe(orderUrl);
      const seen = await other.open(orderUrl);
      expect(seen.html).toContain(ELSEWHERE);
      expect(seen.html).not.toContain(paymentUrl);
      expect(seen.html).not.toContain('3220');
      expect(seen.html).not.toContain('<form');
      expect((await payer.open(orderUrl)).html).toContain(`href="${paymentUrl}"`);
    });
  });
});
