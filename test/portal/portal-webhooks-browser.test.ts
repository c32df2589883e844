import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { ensurePortalBuilt } from '../../portal/build.ts';
import { CSV_COLUMNS } from '../../src/modules/search/csv.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type SeededUser, seedUser } from '../factories/user.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { hasChromium, launchChromium } from '../hosted-pages/support.ts';
import { openPortal, type PortalPage, SIGN_IN_OFTEN, signInThroughForm } from './support.ts';

const describeInBrowser = hasChromium ? describe : describe.skip;

describeInBrowser('the merchant portal: webhooks and the CSV export (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  let project: SeededProject;
  let developer: SeededUser;
  let receiver: WebhookReceiver;
  /** The receiver fails while this is true. */
  let failing = false;
  const opened: PortalPage[] = [];

  beforeAll(async () => {
    await ensurePortalBuilt('/portal/');
    [app, browser, receiver] = await Promise.all([
      startTestApp({ ...SIGN_IN_OFTEN, OUTBOX_SWEEP_INTERVAL_SECONDS: '1' }),
      launchChromium(),
      startReceiver((request, index, response) =>
        (failing ? answer(500, 'down') : answer(200, 'ok'))(request, index, response),
      ),
    ]);
    project = await seedProject(app, { name: 'Hook Shop' });
    developer = await seedUser(app, project.projectId, 'developer');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await app?.stop();
  });
  afterEach(async () => {
    for (const portal of opened.splice(0)) {
      await portal.context.close();
      expect(portal.problems).toEqual([]);
    }
  });

  const signedIn = async (path: string) => {
    const portal = await openPortal(browser, `${app.baseUrl}/portal`, { path });
    opened.push(portal);
    await signInThroughForm(portal.page, developer.email, developer.password);
    return portal;
  };

  it('shows clear empty states in a project without orders, and a missing order as not found', async () => {
    const { page } = await signedIn('/orders');
    await page.getByText('No orders yet').waitFor();
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByText('No orders in the last 30 days').waitFor();
    await page.goto(`${app.baseUrl}/portal/orders/${crypto.randomUUID()}`);
    await page.getByRole('heading', { name: 'Order not found' }).waitFor();
    await page.goto(`${app.baseUrl}/portal/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('shows an error state with a retry when the server cannot be reached, and recovers', async () => {
    const portal = await signedIn('/');
    const { page } = portal;
    await page.route('**/graphql', (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('alert').getByText('The server could not be reached').waitFor();
    // The browser reports the refused requests in the console; those are this test's doing.
    portal.problems.splice(0);
    await page.unroute('**/graphql');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No orders yet').waitFor();
  });

  it("sets the project's webhook URL, and the next status change reaches a real receiver", async () => {
    const { page } = await signedIn('/developers');
    await page.getByLabel('Webhook URL').fill(`${receiver.url}/hooks`);
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('current-webhook-url').getByText(`${receiver.url}/hooks`).waitFor();

    const before = receiver.received.length;
    const order = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1500 });
    const [webhook] = (await receiver.waitFor(before + 1)).slice(before);
    expect(webhook!.path).toBe('/hooks');
    expect(JSON.parse(webhook!.body)).toMatchObject({ order_id: order.id, project_id: project.projectId });
  });

  it('resends a failed webhook from the order page and shows every attempt', async () => {
    failing = true;
    const before = receiver.received.length;
    const order = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1700 });
    await receiver.waitFor(before + 1);
    failing = false;

    const { page } = await signedIn(`/orders/${order.id}`);
    await page.getByText('Http status 500').first().waitFor();
    await page.getByRole('button', { name: 'Resend webhook' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resend' }).click();
    await page.getByText('Webhook queued again.').waitFor();
    const resent = (await receiver.waitFor(before + 2)).at(-1)!;
    expect(JSON.parse(resent.body)).toMatchObject({ order_id: order.id });
    // The page shows the redelivery and its successful attempt as the server recorded them.
    await page.getByRole('heading', { name: /Redelivery/ }).waitFor();
    await page.getByText('HTTP 200').first().waitFor();
  });

  it('downloads the CSV report of the current search', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      amount: 4321,
      order: { merchant_order_id: 'csv-export-1' },
    });
    const { page } = await signedIn('/orders');
    await page.getByLabel('Search').fill('merchant_order_id:csv-export-1');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator(`tr[data-order-id="${paid.id}"]`).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    const [header, row, end] = csv.split('\r\n');
    expect(header).toBe(CSV_COLUMNS.join(','));
    expect(row).toContain(`${paid.id},csv-export-1,`);
    expect(row).toContain(',EUR,4321,completed,');
    expect(row).toContain(',credit-card,visa,43.21,,411111******1111,');
    expect(end).toBe('');
  });
});
