import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { documentationFiles } from '../docs/markdown.ts';
import { recipesOf } from '../docs/recipes.ts';
import { TEST_CARDS, TEST_CVC, TEST_EXPIRY } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { restClient } from '../helpers/http.ts';
import { isProbeFavicon, ReusedPages, sameSiteBlankOf } from '../helpers/reused-page.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  createHostedOrder,
  getOrder,
  hasChromium,
  launchChromium,
  type ShopServer,
  startShop,
} from './support.ts';

if (!hasChromium) {
  // One loud line: the rest of the suite runs; CI (.ci/run) installs Chromium so this never happens there.
  process.stderr.write(
    '\n!!! BROWSER TESTS SKIPPED: /usr/bin/chromium not found (apt-get install chromium) !!!\n\n',
  );
}
const describeInBrowser = hasChromium ? describe : describe.skip;

/** Evaluates an expression in the page (a string: the test code is compiled without the DOM's types). */
const inPage = <T = unknown>(page: Page, expression: string): Promise<T> =>
  page.evaluate(expression) as Promise<T>;

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);

/** The body of the README tour's first recipe, "An order for the hosted payment page", as it is written. */
function readmeTourOrder(): Record<string, unknown> {
  const readme = documentationFiles().find((file) => file.file === 'README.md')!;
  const first = recipesOf(readme).find((recipe) => recipe.text.includes('/v1/orders/'))!;
  return JSON.parse(/-d '(\{.*?\})'/.exec(first.text)![1]!);
}
const EXPIRY_TYPED = `${TEST_EXPIRY.slice(0, 2)}/${TEST_EXPIRY.slice(4)}`;

describeInBrowser('the hosted payment page in a real browser (Chromium)', () => {
  let app: TestApp;
  let apiKey: string;
  let shop: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  /** Console errors and uncaught exceptions of the current test's pages (a CSP violation is one). */
  let problems: string[];

  beforeAll(async () => {
    [app, shop, browser] = await Promise.all([startTestApp(), startShop(), launchChromium()]);
    ({ apiKey } = await seedProject(app, { name: 'Tulip Tickets' }));
    context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    pages = new ReusedPages(context);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await shop?.close();
    await app?.stop();
  });

  /** Each test's first page is the page the test before it used, reset (helpers/reused-page.ts). */
  let pages: ReusedPages;
  beforeEach(() => {
    problems = [];
  });
  afterEach(async () => {
    await pages.handOn(sameSiteBlankOf(app.baseUrl));
    expect(problems).toEqual([]);
  });

  const watch = (page: Page): Page => {
    page.on('console', (message) => {
      if (message.type() === 'error' && !isProbeFavicon(message)) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return page;
  };
  const newPage = async () => {
    const { page, reused } = await pages.take();
    return reused ? page : watch(page);
  };

  const hostedOrder = (overrides: Record<string, unknown> = {}) =>
    createHostedOrder(app.baseUrl, apiKey, {
      return_url: `${shop.url}/return`,
      failure_url: `${shop.url}/failed`,
      ...overrides,
    });
  const statusOf = async (orderId: string) => (await getOrder(app.baseUrl, apiKey, orderId)).status;

  const fillCard = async (page: Page, pan: string) => {
    await page.getByLabel('Card number').fill(pan);
    await page.getByLabel('Expiry date').fill(EXPIRY_TYPED);
    await page.getByLabel('Security code (CVC)').fill(TEST_CVC);
    await page.getByLabel('Name on card').fill('John Doe');
  };
  const pay = (page: Page) => page.getByRole('button', { name: /^Pay / }).click();

  it("pays the README tour's first order, which has no return_url, and stays on the gateway's result page", async () => {
    const created = await restClient(app.baseUrl, apiKey).post<Record<string, string>>(
      '/v1/orders/',
      readmeTourOrder(),
    );
    expect(created.status).toBe(201);
    const order = created.body;
    expect(order.return_url ?? null).toBeNull();
    const page = await newPage();
    await page.goto(order.order_url);
    await fillCard(page, TEST_CARDS.visa);
    await pay(page);
    await page.getByRole('heading', { level: 1, name: 'Payment completed' }).waitFor();
    expect(page.url()).toBe(order.order_url);
    expect(await statusOf(order.id)).toBe('completed');
  });

  it('pays with the approve card and lands on return_url with the order id', async () => {
    const order = await hostedOrder();
    const page = await newPage();
    await page.goto(order.order_url);
    await fillCard(page, TEST_CARDS.visa);
    await pay(page);
    await page.waitForURL(`${shop.url}/return?order_id=${order.id}`);
    expect(await page.textContent('h1')).toBe('Back at the shop');
    expect(shop.visits).toContain(`/return?order_id=${order.id}`);
    expect(await statusOf(order.id)).toBe('completed');

    // Back button: the order page is fetched again (no-store) and shows the outcome, not the form.
    await page.goBack();
    await page.waitForURL(order.order_url);
    expect(await page.textContent('h1')).toBe('Payment completed');
    expect(await page.locator('form').count()).toBe(0);
  });

  it('loads its own stylesheet and script under the CSP without a single violation', async () => {
    const order = await hostedOrder();
    const page = await newPage();
    await page.goto(order.order_url);
    const applied = await inPage(
      page,
      `({
        payButton: getComputedStyle(document.querySelector('form[data-card-form] button[type="submit"]')).backgroundColor,
        scriptRan: document.querySelector('form[data-card-form]').noValidate,
      })`,
    );
    expect(applied).toEqual({ payButton: 'rgb(29, 78, 216)', scriptRan: true });
  });

  it('shows a decline in words, keeps the order open, and pays on a retry with a good card', async () => {
    const order = await hostedOrder();
    const page = await newPage();
    await page.goto(order.order_url);
    await fillCard(page, TEST_CARDS.doNotHonour);
    await pay(page);
    await page.waitForURL(/\?attempt=/);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Your bank declined the payment');
    expect(await inPage(page, 'document.activeElement?.id')).toBe('attempt-message');
    expect(await statusOf(order.id)).toBe('processing');
    expect(await page.getByLabel('Card number').inputValue()).toBe('');

    await fillCard(page, TEST_CARDS.mastercard);
    await pay(page);
    await page.waitForURL(`${shop.url}/return?order_id=${order.id}`);
    expect(await statusOf(order.id)).toBe('completed');
  });

  it('passes the 3-D Secure challenge with the test code and lands on return_url', async () => {
    const order = await hostedOrder();
    const page = await newPage();
    await page.goto(order.order_url);
    await fillCard(page, TEST_CARDS.challenge);
    await pay(page);
    await page.waitForURL(/\/redirect\/[0-9a-f-]+\/to\/payment\/$/);
    expect(await page.textContent('h1')).toBe('Confirm your payment');
    expect(await page.textContent('.purchase')).toContain('ending in 3220');
    await page.getByLabel('One-time code').fill('1234');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${shop.url}/return?order_id=${order.id}`);
    expect(await statusOf(order.id)).toBe('completed');
  });

  it('waits for the bank on an attempt the acquirer answers later, and pays another way when asked', async () => {
    const order = await hostedOrder();
    const page = await newPage();
    await page.goto(order.order_url);
    await fillCard(page, TEST_CARDS.pendingAtAcquirer);
    await pay(page);
    await page.waitForURL(order.order_url);
    expect(await page.textContent('h1')).toBe('Waiting for your bank');
    expect(await page.locator('input[name="pan"]').count()).toBe(0);

    await page.getByRole('link', { name: 'Pay another way' }).click();
    await page.waitForURL(`${order.order_url}?pay_again=1`);
    expect(await page.getByRole('alert').textContent()).toContain('the shop refunds one of the two payments');
    await fillCard(page, TEST_CARDS.visa);
    await pay(page);
    await page.waitForURL(`${shop.url}/return?order_id=${order.id}`);
    expect(await statusOf(order.id)).toBe('see-transactions');
  });

  it('fails the challenge with a wrong code and offers a retry on the order page', async () => {
    const order = await hostedOrder();
    const page = await newPage();
    await page.goto(order.order_url);
    await fillCard(page, TEST_CARDS.challenge);
    await pay(page);
    await page.waitForURL(/\/to\/payment\/$/);
    await page.getByLabel('One-time code').fill('0000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(new RegExp(`/pay/${order.id}/\\?attempt=`));
    expect(await page.getByRole('alert').textContent()).toContain('could not be confirmed with your bank');
    expect(await statusOf(order.id)).toBe('processing');
    const { transactions } = await getOrder(app.baseUrl, apiKey, order.id);
    expect(transactions[0]).toMatchObject({ status: 'declined', reason: 'authentication_failed' });
  });

  it('validates inline as the customer types, tying each message to its field, and posts nothing while invalid', async () => {
    const order = await hostedOrder();
    const page = await newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto(order.order_url);
    const number = page.getByLabel('Card number');
    await number.pressSequentially('5555');
    expect(await page.textContent('#card-number-brand')).toBe('Card type: Mastercard');
    await number.fill('');
    await number.pressSequentially('4111111111111112');
    expect(await page.textContent('#card-number-brand')).toBe('Card type: Visa');
    expect(await number.inputValue()).toBe('4111 1111 1111 1112');
    await page.getByLabel('Expiry date').fill('01/20');
    await pay(page);

    expect(posts).toEqual([]);
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    expect(await number.getAttribute('aria-describedby')).toContain('card-number-error');
    expect(await page.textContent('#card-number-error')).toBe(
      'This is not a valid card number. Check the digits.',
    );
    expect(await page.textContent('#card-expiry-error')).toBe('This card has expired.');
    expect(await page.textContent('#card-cvc-error')).toBe('Enter the security code.');
    expect(await inPage(page, 'document.activeElement?.id')).toBe('card-number');

    await number.fill('4111 1111 1111 1111');
    expect(await number.getAttribute('aria-invalid')).toBeNull();
    expect(await page.textContent('#card-number-error')).toBe('');
  });

  it('can be paid with the keyboard alone: Tab, type, Enter', async () => {
    const order = await hostedOrder();
    const page = await newPage();
    await page.goto(order.order_url);
    const focused = () => inPage<string>(page, "document.activeElement?.id ?? ''");
    for (let presses = 0; presses < 10 && (await focused()) !== 'card-number'; presses += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await focused()).toBe('card-number');
    await page.keyboard.type(TEST_CARDS.visa);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('card-expiry');
    await page.keyboard.type(EXPIRY_TYPED);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('card-cvc');
    await page.keyboard.type(TEST_CVC);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('card-name');
    await page.keyboard.type('John Doe');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${shop.url}/return?order_id=${order.id}`);
    expect(await statusOf(order.id)).toBe('completed');
  });

  it('shows a <script> description as text and runs none of it', async () => {
    const order = await hostedOrder({
      description: '<script>alert("pwned")</script><img src=x onerror=alert(2)>',
    });
    const page = await newPage();
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await page.goto(order.order_url);
    expect(await page.textContent('.description')).toContain('<script>alert("pwned")</script><img src=x');
    expect(await page.locator('img').count()).toBe(0);
    expect(await inPage(page, "[...document.scripts].map((s) => s.src.replace(/.*\\//, ''))")).toEqual([
      expect.stringMatching(/^card-form\.[0-9a-f]{12}\.js$/),
    ]);
    expect(dialogs).toEqual([]);
  });

  it('shows an expired order as expired, with a way back to the shop and no form', async () => {
    const order = await hostedOrder({ expiration_period: 'PT10M' });
    app.advanceClock(11 * 60_000);
    const page = await newPage();
    await page.goto(order.order_url);
    expect(await page.textContent('h1')).toBe('Payment link expired');
    expect(await page.locator('form, input').count()).toBe(0);
    const back = page.getByRole('link', { name: 'Return to Tulip Tickets' });
    expect(await back.getAttribute('href')).toBe(`${shop.url}/failed?order_id=${order.id}`);
  });

  it('cannot pay twice from two tabs: the second tab finds the order paid', async () => {
    const order = await hostedOrder();
    const [first, second] = [await newPage(), await newPage()];
    await first.goto(order.order_url);
    await second.goto(order.order_url);
    await fillCard(first, TEST_CARDS.visa);
    await pay(first);
    await first.waitForURL(`${shop.url}/return?order_id=${order.id}`);
    await fillCard(second, TEST_CARDS.mastercard);
    await pay(second);
    await second.waitForURL(order.order_url);
    expect(await second.textContent('h1')).toBe('Payment completed');
    expect((await getOrder(app.baseUrl, apiKey, order.id)).transactions).toHaveLength(1);
  });

  it('is usable 375 pixels wide: nothing overflows (screenshots in test-artifacts/)', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const mobile = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
    try {
      const order = await hostedOrder({ description: 'Two tickets for the Tulip Festival, Saturday' });
      const page = watch(await mobile.newPage());
      await page.goto(order.order_url);
      await page.getByLabel('Card number').fill('4111 1111 1111 1112');
      await page.getByLabel('Expiry date').focus();
      expect(await inPage<number>(page, 'document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await page.screenshot({
        path: new URL('hosted-order-page-375.png', ARTIFACTS).pathname,
        fullPage: true,
      });

      await page.getByLabel('Card number').fill(TEST_CARDS.challenge);
      await page.getByLabel('Expiry date').fill(EXPIRY_TYPED);
      await page.getByLabel('Security code (CVC)').fill(TEST_CVC);
      await pay(page);
      await page.waitForURL(/\/to\/payment\/$/);
      expect(await inPage<number>(page, 'document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await page.screenshot({
        path: new URL('hosted-challenge-page-375.png', ARTIFACTS).pathname,
        fullPage: true,
      });
    } finally {
      await mobile.close();
    }
  });
});
