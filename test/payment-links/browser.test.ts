import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TEST_CARDS, TEST_CVC, TEST_EXPIRY } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { hasChromium, launchChromium, type ShopServer, startShop } from '../hosted-pages/support.ts';
import { createLink } from './support.ts';

type Json = Record<string, any>;

const describeInBrowser = hasChromium ? describe : describe.skip;
const EXPIRY_TYPED = `${TEST_EXPIRY.slice(0, 2)}/${TEST_EXPIRY.slice(4)}`;

describeInBrowser('a payment link in a real browser (Chromium)', () => {
  let app: TestApp;
  let api: RestClient;
  let shop: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  /** Console errors and uncaught exceptions of the current test's pages (a CSP violation is one). */
  let problems: string[];

  beforeAll(async () => {
    [app, shop, browser] = await Promise.all([startTestApp(), startShop(), launchChromium()]);
    const project = await seedProject(app, { name: 'Tulip Tickets' });
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    await app?.stop();
  });

  beforeEach(async () => {
    problems = [];
    context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  });
  afterEach(async () => {
    await context.close();
    expect(problems).toEqual([]);
  });

  const newPage = async (): Promise<Page> => {
    const page = await context.newPage();
    page.on('console', (message) => {
      // The 410 of a used-up link's page is logged by Chromium as a failed load: that is the page itself.
      if (message.type() === 'error' && !/status of 410/.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return page;
  };

  it('opens a single-use link, pays with a test card, lands at the shop, and the link is then used up', async () => {
    const link = await createLink(api, {
      amount: 1500,
      description: 'Two tulip tickets',
      single_use: true,
      return_url: `${shop.url}/return`,
    });
    const page = await newPage();
    await page.goto(link.url);
    await page.waitForURL(/\/pay\/[0-9a-f-]{36}\/$/);
    const orderId = /\/pay\/([0-9a-f-]{36})\/$/.exec(page.url())![1]!;
    expect(await page.textContent('h1')).toContain('15.00');
    expect(await page.textContent('body')).toContain('Two tulip tickets');

    await page.getByLabel('Card number').fill(TEST_CARDS.visa);
    await page.getByLabel('Expiry date').fill(EXPIRY_TYPED);
    await page.getByLabel('Security code (CVC)').fill(TEST_CVC);
    await page.getByLabel('Name on card').fill('John Doe');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(`${shop.url}/return?order_id=${orderId}`);

    const order = (await api.get<Json>(`/v1/orders/${orderId}/`)).body;
    expect(order).toMatchObject({ status: 'completed', related_payment_link_id: link.id, amount: 1500 });

    // A second tab opening the link afterwards is told it was paid, in the hosted pages' look.
    const second = await newPage();
    const response = await second.goto(link.url);
    expect(response!.status()).toBe(410);
    expect(await second.textContent('h1')).toBe('Payment link already used');
    expect(await second.locator('form').count()).toBe(0);
    // The hosted pages' own stylesheet applied under their CSP (30rem).
    expect(await second.evaluate('getComputedStyle(document.querySelector("main")).maxWidth')).toBe('480px');
  });

  it('shows a deactivated link in the browser language, with the test banner', async () => {
    const link = await createLink(api);
    await api.post(`/v1/payment-links/${link.id}/deactivate/`);
    const dutch = await browser.newContext({
      locale: 'nl-NL',
      extraHTTPHeaders: { 'accept-language': 'nl-NL,nl' },
    });
    try {
      const page = await dutch.newPage();
      page.on('pageerror', (error) => problems.push(error.message));
      const response = await page.goto(link.url);
      expect(response!.status()).toBe(410);
      expect(await page.textContent('h1')).toBe('Betaallink niet meer actief');
      expect(await page.getByRole('note').textContent()).toContain('Testmodus');
    } finally {
      await dutch.close();
    }
  });
});
