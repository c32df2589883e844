import { TEST_CARDS } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  cardFields,
  createHostedOrder,
  databaseText,
  getOrder,
  openPage,
  PageBrowser,
  postPageForm,
} from './support.ts';

/** The CVC typed in these flows: searched for as a whole value, since ids may contain its digits. */
const CVC = '862';

describe('security of the hosted pages', () => {
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
      failure_url: 'https://failed.shop.example:8443/failed',
      ...overrides,
    });

  it('sends a strict Content-Security-Policy that forbids framing and allows form posts only to us and the shop', async () => {
    const order = await hostedOrder();
    const { headers } = await openPage(order.order_url);
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
        "form-action 'self' https://shop.example https://failed.shop.example:8443; frame-ancestors 'none'; " +
        "base-uri 'none'",
    );
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('never lets a browser or proxy keep a page with card fields', async () => {
    const order = await hostedOrder();
    const page = await openPage(order.order_url);
    expect(page.html).toContain('name="pan"');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const refused = await postPageForm(order.order_url, 'card', { pan: '1' }, page);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('loads no third-party resource and no inline script or style', async () => {
    const order = await hostedOrder();
    const { html } = await openPage(order.order_url);
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(1);
    const ours = (url: string) => url.startsWith(app.baseUrl) || url === 'data:,';
    expect(urls.filter((url) => !ours(url))).toEqual([]);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it('serves its stylesheet and script itself, cacheable for a year under a content-hashed name', async () => {
    const order = await hostedOrder();
    const { html } = await openPage(order.order_url);
    const css = /href="([^"]+\/hosted-assets\/pages\.[0-9a-f]{12}\.css)"/.exec(html)![1]!;
    const js = /src="([^"]+\/hosted-assets\/card-form\.[0-9a-f]{12}\.js)"/.exec(html)![1]!;
    for (const [url, type] of [
      [css, 'text/css; charset=utf-8'],
      [js, 'text/javascript; charset=utf-8'],
    ]) {
      const response = await fetch(url!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await response.text()).length).toBeGreaterThan(500);
    }
    expect((await fetch(`${app.baseUrl}/hosted-assets/pages.000000000000.css`)).status).toBe(404);
  });

  it('refuses a card post without the CSRF token or without its cookie, and pays nothing', async () => {
    const order = await hostedOrder();
    const page = await openPage(order.order_url);
    expect(page.cookie).toMatch(/^_csrf=/);
    const withoutToken = await postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.visa), {
      ...page,
      csrfToken: null,
    });
    const withoutCookie = await postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.visa), {
      ...page,
      cookie: null,
    });
    const withForeignToken = await postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.visa), {
      ...page,
      csrfToken: 'forged-token',
    });
    for (const refused of [withoutToken, withoutCookie, withForeignToken]) {
      expect(refused.status).toBe(403);
      expect(refused.html).toContain('Page expired');
    }
    const cancel = await postPageForm(order.order_url, 'cancel', {}, { ...page, csrfToken: null });
    expect(cancel.status).toBe(403);
    const after = await getOrder(app.baseUrl, apiKey, order.id);
    expect(after.status).toBe('new');
    expect(after.transactions ?? []).toHaveLength(0);
  });

  it("refuses a form token made on another order's page with a 403 page, and pays or cancels nothing", async () => {
    const [first, second] = [await hostedOrder(), await hostedOrder()];
    const customer = new PageBrowser();
    const firstPage = await customer.open(first.order_url);
    // The same browser (one CSRF cookie) has the second order's page open too.
    expect((await customer.open(second.order_url)).csrfToken).not.toBe(firstPage.csrfToken);
    for (const form of ['card', 'cancel', 'method/ideal'] as const) {
      const refused = await customer.post(second.order_url, form, cardFields(TEST_CARDS.visa), firstPage);
      expect(refused.status).toBe(403);
      expect(refused.html).toContain('Page expired');
      expect(refused.html).not.toContain('<form');
    }
    const after = await getOrder(app.baseUrl, apiKey, second.id);
    expect(after.status).toBe('new');
    expect(after.transactions ?? []).toHaveLength(0);
    // On its own order the token is good.
    const cancelled = await customer.post(first.order_url, 'cancel', {}, firstPage);
    expect(cancelled.location).toBe(`https://failed.shop.example:8443/failed?order_id=${first.id}`);
  });

  it("refuses a payment page's token on its order's page, and the order page's token on the payment page", async () => {
    const order = await hostedOrder();
    const customer = new PageBrowser();
    const orderPage = await customer.open(order.order_url);
    const challenged = await customer.post(
      order.order_url,
      'card',
      cardFields(TEST_CARDS.challenge),
      orderPage,
    );
    const paymentPage = await customer.open(challenged.location!);
    expect(paymentPage.html).toContain('name="code"');

    const onOrderPage = await customer.post(order.order_url, 'cancel', {}, paymentPage);
    const onPaymentPage = await customer.post(challenged.location!, 'challenge', { code: '1234' }, orderPage);
    for (const refused of [onOrderPage, onPaymentPage]) expect(refused.status).toBe(403);
    const after = await getOrder(app.baseUrl, apiKey, order.id);
    expect(after.status).toBe('processing');
    expect(after.transactions[0].status).toBe('pending');
  });

  it("refuses another browser's form token, even on the same order", async () => {
    const order = await hostedOrder();
    const [one, two] = [new PageBrowser(), new PageBrowser()];
    const onesPage = await one.open(order.order_url);
    await two.open(order.order_url);
    const refused = await two.post(order.order_url, 'cancel', {}, onesPage);
    expect(refused.status).toBe(403);
    expect((await getOrder(app.baseUrl, apiKey, order.id)).status).toBe('new');
  });

  it('sets the CSRF cookie HttpOnly and SameSite=Lax', async () => {
    const order = await hostedOrder();
    const response = await fetch(order.order_url);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  describe('card data', () => {
    const pans = [TEST_CARDS.visa, TEST_CARDS.doNotHonour, TEST_CARDS.challenge, '4111111111111112'];
    const htmls: string[] = [];
    const urls: string[] = [];

    beforeAll(async () => {
      for (const pan of pans) {
        const order = await hostedOrder();
        // The customer's own browser: the challenge page after the post is theirs.
        const customer = new PageBrowser();
        const page = await customer.open(order.order_url);
        const posted = await customer.post(order.order_url, 'card', cardFields(pan, { cvc: CVC }), page);
        htmls.push(posted.html);
        if (posted.location) {
          urls.push(posted.location);
          if (posted.location.startsWith(app.baseUrl))
            htmls.push((await customer.open(posted.location)).html);
        }
      }
      // Spaced and unspaced: both ways a number can be typed.
      const order = await hostedOrder();
      const refused = await postPageForm(order.order_url, 'card', { pan: '4111111111111112', cvc: CVC });
      htmls.push(refused.html);
    });

    it('never sends a card number or CVC back in a page, or puts one in a URL', () => {
      const all = [...htmls, ...urls].join('\n');
      // The challenge page was among them (its card's last four only).
      expect(all).toContain('ending in 3220');
      for (const pan of pans) {
        expect(all).not.toContain(pan);
        expect(all).not.toContain(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
      }
      expect(all).not.toContain(`value="${CVC}"`);
      expect(urls.join('\n')).not.toMatch(/cvc|pan=|expiry/i);
    });

    it('never logs a card number or CVC', () => {
      const logs = app.logs.join('\n');
      expect(logs.length).toBeGreaterThan(1000);
      for (const pan of pans) expect(logs).not.toContain(pan);
      expect(logs).not.toMatch(new RegExp(`cvc\\W*${CVC}|"${CVC}"`, 'i'));
    });

    it('stores no card number or CVC in clear anywhere in the database', async () => {
      const text = await databaseText(app.databaseUrl);
      expect(text).toContain('411111******1111');
      for (const pan of pans) expect(text).not.toContain(pan);
      // An outbox row's `txid` is PostgreSQL's transaction counter, which passes through every 3-digit number.
      expect(text.replace(/"txid":"\d+"/g, '')).not.toContain(`"${CVC}"`);
      expect(text).not.toMatch(/"(cvc|cvv|security_code)"/i);
    });
  });
});
