import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seedProject } from '../factories/project.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { hasChromium, launchChromium, type ShopServer, startShop } from '../hosted-pages/support.ts';
import { pluginSdkOrder } from '../legacy/fixtures.ts';

if (!hasChromium) {
  process.stderr.write(
    '\n!!! BROWSER TESTS SKIPPED: /usr/bin/chromium not found (apt-get install chromium) !!!\n\n',
  );
}
const describeInBrowser = hasChromium ? describe : describe.skip;

type Json = Record<string, any>;

describeInBrowser('an iDEAL payment on the simulated bank, in a real browser (Chromium)', () => {
  let app: TestApp;
  let api: RestClient;
  let shop: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  /** Console errors and uncaught exceptions (a CSP violation is one). */
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
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return page;
  };
  const orderOf = async (id: string) => (await api.get<Json>(`/v1/orders/${id}/`)).body;
  const urls = () => ({ return_url: `${shop.url}/return`, failure_url: `${shop.url}/failed` });

  it('pays a hosted order: iDEAL on the order page, approve at the bank, back at return_url', async () => {
    const { body: order } = await api.post<Json>('/v1/orders/', {
      amount: 1250,
      currency: 'EUR',
      description: 'A watering can',
      ...urls(),
    });
    const page = await newPage();
    await page.goto(order.order_url);
    await page.getByRole('button', { name: 'iDEAL' }).click();
    await page.waitForURL(/\/ideal\/bank\/[0-9a-f-]+\/$/);
    expect(await page.textContent('h1')).toBe('Approve the payment of €12.50');
    expect((await orderOf(order.id)).status).toBe('processing');

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${shop.url}/return?order_id=${order.id}`);
    const paid = await orderOf(order.id);
    expect(paid.status).toBe('completed');
    expect(paid.transactions).toEqual([
      expect.objectContaining({
        payment_method: 'ideal',
        status: 'completed',
        payment_method_details: expect.objectContaining({ consumer_iban: expect.any(String) }),
      }),
    ]);
  });

  it("cancels the plugin SDK's own-checkout order at the bank and lands on failure_url", async () => {
    const { body: order } = await api.post<Json>('/v1/orders/', { ...pluginSdkOrder(), ...urls() });
    const page = await newPage();
    await page.goto(order.transactions[0].payment_url);
    expect(await page.getByText('Test mode: no real money is moved.').count()).toBe(1);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${shop.url}/failed?order_id=${order.id}`);
    const cancelled = await orderOf(order.id);
    expect([cancelled.status, cancelled.transactions[0].status]).toEqual(['cancelled', 'cancelled']);

    // Back to the bank's page: the payment is over, so it sends the customer on again, changing nothing.
    await page.goBack();
    await page.waitForURL(`${shop.url}/failed?order_id=${order.id}`);
    expect((await orderOf(order.id)).status).toBe('cancelled');
  });

  it('lets a hosted order try again after a cancel at the bank', async () => {
    const { body: order } = await api.post<Json>('/v1/orders/', { amount: 995, currency: 'EUR', ...urls() });
    const page = await newPage();
    await page.goto(order.order_url);
    await page.getByRole('button', { name: 'iDEAL' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/pay\/[0-9a-f-]+\/\?attempt=/);
    expect(await page.getByRole('alert').textContent()).toContain('You cancelled the payment');
    await page.getByRole('button', { name: 'iDEAL' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${shop.url}/return?order_id=${order.id}`);
    expect((await orderOf(order.id)).status).toBe('completed');
  });
});
