import { seedProject } from '../factories/project.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createHostedOrder, openPage } from './support.ts';

/** The order page's content and its states, by plain HTTP. */
describe('the hosted order page (order_url)', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp();
    ({ apiKey } = await seedProject(app, { name: 'Tulip Tickets' }));
  });
  afterAll(() => app.stop());

  const hostedOrder = (overrides: Record<string, unknown> = {}) =>
    createHostedOrder(app.baseUrl, apiKey, overrides);

  it('is the order_url of an order created without a transaction', async () => {
    const order = await hostedOrder();
    expect(order.order_url).toBe(`${app.baseUrl}/pay/${order.id}/`);
    const page = await openPage(order.order_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('shows the merchant name, the description and the amount formatted for its currency', async () => {
    const order = await hostedOrder({ amount: 995, currency: 'EUR', description: 'Two tickets' });
    const { html } = await openPage(order.order_url);
    expect(html).toContain('Payment to Tulip Tickets');
    expect(html).toContain('Two tickets');
    expect(html).toContain('<h1>Pay €9.95</h1>');
    expect(html).toContain('Pay €9.95</button>');
  });

  it.each([
    ['JPY', '¥995'],
    ['KWD', 'KWD\u00a00.995'],
    ['EUR', '€9.95'],
  ])('formats 995 minor units of %s as %s', async (currency, shown) => {
    const order = await hostedOrder({ amount: 995, currency });
    const { html } = await openPage(order.order_url);
    expect(html).toContain(`<h1>Pay ${shown}</h1>`);
  });

  it("speaks the customer's locale: Dutch words and Dutch amounts for nl_NL", async () => {
    const order = await hostedOrder({ amount: 123456, customer: { locale: 'nl_NL' } });
    const { html } = await openPage(order.order_url);
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('Betaal €\u00a01.234,56');
    expect(html).toContain('<label for="card-number">Kaartnummer</label>');
    expect(html).not.toContain('Card number');
  });

  it("falls back to the browser's language when the order has no locale, and to English otherwise", async () => {
    const order = await hostedOrder();
    const dutch = await openPage(order.order_url, { 'accept-language': 'de-DE,nl;q=0.8,en;q=0.5' });
    expect(dutch.html).toContain('<html lang="nl">');
    const unknown = await openPage(order.order_url, { 'accept-language': 'fr-FR' });
    expect(unknown.html).toContain('<html lang="en">');
  });

  it('offers the card form with a label on every field', async () => {
    const order = await hostedOrder();
    const { html } = await openPage(order.order_url);
    for (const [id, name, label] of [
      ['card-number', 'pan', 'Card number'],
      ['card-expiry', 'expiry', 'Expiry date'],
      ['card-cvc', 'cvc', 'Security code (CVC)'],
      ['card-name', 'name', 'Name on card'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toMatch(
        new RegExp(`<input id="${id}" name="${name}"[^>]*aria-describedby="[^"]*${id}-error"`),
      );
      expect(html).toContain(`<p id="${id}-error" class="field-error"`);
    }
  });

  it("offers only the order's payment_methods: without credit-card there is no card form", async () => {
    const order = await hostedOrder({ payment_methods: ['wallet-a-pay'] });
    const { html } = await openPage(order.order_url);
    expect(html).toContain('Wallet A Pay');
    expect(html).toContain('Not available in this browser.');
    expect(html).not.toContain('Wallet B Pay');
    expect(html).not.toContain('name="pan"');
  });

  it('offers every method active in the project when the order names none', async () => {
    const order = await hostedOrder();
    const { html } = await openPage(order.order_url);
    expect(html).toContain('Wallet A Pay');
    expect(html).toContain('Wallet B Pay');
    expect(html).toContain('name="pan"');
  });

  it('shows a test mode banner on orders of a test project, and none in a live project', async () => {
    const testOrder = await hostedOrder();
    expect((await openPage(testOrder.order_url)).html).toContain('class="test-banner"');
    const live = await seedProject(app, { name: 'Live shop', mode: 'live' });
    const liveOrder = await createHostedOrder(app.baseUrl, live.apiKey);
    const { html } = await openPage(liveOrder.order_url);
    expect(html).toContain('Payment to Live shop');
    expect(html).not.toContain('test-banner');
  });

  it('shows the merchant description as text, never as markup', async () => {
    const order = await hostedOrder({ description: '<script>alert("x")</script><b onmouseover=1>' });
    const { html } = await openPage(order.order_url);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b onmouseover');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b onmouseover=1&gt;');
  });

  it('answers an unknown order with a 404 page, not a form', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-order']) {
      const page = await openPage(`${app.baseUrl}/pay/${id}/`);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.html).toContain('Payment not found');
      expect(page.html).not.toContain('<form');
    }
  });

  it('sends a visit of a form address (history after a refused post) to the page itself', async () => {
    const order = await hostedOrder();
    for (const form of ['card', 'cancel']) {
      const response = await fetch(`${order.order_url}${form}`, { redirect: 'manual' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(order.order_url);
    }
  });

  // Last: it moves the app's clock forward for the rest of this file.
  it('shows an expired order as expired, without a form, as soon as its time is up', async () => {
    const order = await hostedOrder({
      expiration_period: 'PT5M',
      failure_url: 'https://shop.example/failed',
    });
    app.advanceClock(6 * 60_000);
    const page = await openPage(order.order_url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Payment link expired');
    expect(page.html).not.toContain('<form');
    expect(page.html).toContain(`href="https://shop.example/failed?order_id=${order.id}"`);
  });
});
