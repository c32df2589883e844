import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { ensurePortalBuilt } from '../../portal/build.ts';
import { CSV_COLUMNS } from '../../src/modules/search/csv.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type SeededUser, seedUser } from '../factories/user.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answer, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { hasChromium, launchChromium } from '../hosted-pages/support.ts';
import { PAGES_IN_QUICK_SUCCESSION, PortalPages, SIGN_IN_OFTEN, signInThroughForm } from './support.ts';

const describeInBrowser = hasChromium ? describe : describe.skip;

describeInBrowser('the merchant portal: webhooks and the CSV export (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  let project: SeededProject;
  let developer: SeededUser;
  let receiver: WebhookReceiver;
  /** The receiver fails while this is true. */
  let failing = false;
  let pages: PortalPages;

  beforeAll(async () => {
    await ensurePortalBuilt('/portal/');
    [app, browser, receiver] = await Promise.all([
      // One attempt per delivery: a failure gives up at once, as it would after the last retry.
      startTestApp({
        ...SIGN_IN_OFTEN,
        ...PAGES_IN_QUICK_SUCCESSION,
        OUTBOX_SWEEP_INTERVAL_SECONDS: '1',
        WEBHOOK_MAX_ATTEMPTS: '1',
      }),
      launchChromium(),
      startReceiver((request, index, response) =>
        (failing ? answer(500, 'down') : answer(200, 'ok'))(request, index, response),
      ),
    ]);
    pages = new PortalPages(browser, `${app.baseUrl}/portal`);
    project = await seedProject(app, { name: 'Hook Shop' });
    developer = await seedUser(app, project.projectId, 'developer');
  }, 120_000);
  afterAll(async () => {
    await pages?.close();
    await browser?.close();
    await receiver?.close();
    await app?.stop();
  });
  afterEach(async () => {
    failing = false;
    expect(await pages.release()).toEqual([]);
  });

  const signedIn = async (path: string) => {
    const portal = await pages.open({ path });
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
    await page.getByRole('textbox', { name: 'Webhook URL' }).fill(`${receiver.url}/hooks`);
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

  const api = () => graphqlClient(app.baseUrl, project.apiKey);
  const setProjectWebhookUrl = async (url: string) => {
    const set = await api()<any>(
      'mutation($url: String) { updateProject(input: { webhookUrl: $url }) { userErrors { code } } }',
      { url },
    );
    expect(set.data.updateProject.userErrors).toEqual([]);
  };

  it("sends a test webhook to the project's URL, received by a real receiver, and shows the answer", async () => {
    await setProjectWebhookUrl(`${receiver.url}/test-hooks`);
    const { page } = await signedIn('/developers');
    const before = receiver.received.length;
    await page.getByRole('button', { name: 'Send test webhook' }).click();
    const [test] = (await receiver.waitFor(before + 1)).slice(before);
    expect(test!.path).toBe('/test-hooks');
    expect(JSON.parse(test!.body)).toEqual({ event: 'test', order_id: null, project_id: project.projectId });
    await page
      .getByRole('status')
      .getByText(/Your endpoint answered HTTP 200 in \d+ ms/)
      .waitFor();
  });

  it('lists the failed deliveries of the project, replays them with an Idempotency-Key, and shows the health', async () => {
    await setProjectWebhookUrl(`${receiver.url}/hooks`);
    failing = true;
    const before = receiver.received.length;
    const order = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 3100 });
    await receiver.waitFor(before + 1);
    const gaveUp = async () =>
      (
        await api()<any>(
          'query($id: ID!) { webhookDeliveries(filter: { orderId: $id, state: GAVE_UP }) { edges { node { id } } } }',
          { id: order.id },
        )
      ).data.webhookDeliveries.edges.length;
    for (let i = 0; i < 100 && (await gaveUp()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await gaveUp()).toBeGreaterThan(0);
    failing = false;

    const { page } = await signedIn('/developers');
    await page
      .getByTestId('webhook-health')
      .getByText(/failed attempts? in a row/)
      .waitFor();
    await page.getByLabel('Status').selectOption('GAVE_UP');
    const deliveries = page.getByRole('region', { name: 'Webhook deliveries' });
    await deliveries.locator(`tr[data-order-id="${order.id}"] [data-status="GAVE_UP"]`).first().waitFor();
    // The failed filter shows failed deliveries only, once its answer has replaced the unfiltered list (which
    // holds this order's failed delivery too, beside the earlier tests' successful ones).
    const statuses = () =>
      deliveries
        .locator('tbody tr td:nth-child(4) [data-status]')
        .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-status')));
    for (let i = 0; i < 100 && (await statuses()).some((status) => status !== 'GAVE_UP'); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(new Set(await statuses())).toEqual(new Set(['GAVE_UP']));

    const received = receiver.received.length;
    await page.getByRole('button', { name: 'Send these again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the selected deliveries again' });
    await dialog.getByText('failed (gave up), any time').waitFor();
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/graphql') && r.postDataJSON()?.operationName === 'PortalRedeliverWebhooks',
    );
    await dialog.getByRole('button', { name: 'Send again' }).click();
    const request = await sent;
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.postDataJSON().variables).toEqual({ filter: { state: 'GAVE_UP' } });
    const notice = page.getByRole('status').getByText(/Queued (\d+) of \1 selected deliveries\./);
    await notice.waitFor();
    // The replayed notification of the order reaches the receiver, which answers 200 now.
    await receiver.waitFor(received + 1);
    for (let i = 0; i < 100; i++) {
      if (receiver.received.slice(received).some((w) => JSON.parse(w.body).order_id === order.id)) break;
      await page.waitForTimeout(100);
    }
    expect(receiver.received.slice(received).some((w) => JSON.parse(w.body).order_id === order.id)).toBe(
      true,
    );
    await page.getByLabel('Status').selectOption('SUCCEEDED');
    await deliveries.locator(`tr[data-order-id="${order.id}"] [data-status="SUCCEEDED"]`).first().waitFor();
    await page.reload();
    await page.getByTestId('webhook-health').getByText('Healthy').waitFor();
  });

  it('rotates the signing secret with an overlap: the next webhook verifies with the new and the previous secret', async () => {
    await setProjectWebhookUrl(`${receiver.url}/signed`);
    const { page } = await signedIn('/developers');
    await page.getByRole('button', { name: 'Enable signing' }).click();
    await page
      .getByRole('dialog', { name: 'Enable webhook signing' })
      .getByRole('button', { name: 'Enable' })
      .click();
    const first = (await page.getByTestId('new-secret').textContent()) ?? '';
    expect(first).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret' });
    await dialog.getByLabel('Previous secret keeps signing for').selectOption('PT1H');
    await dialog.getByRole('button', { name: 'Rotate' }).click();
    await page.getByText(/The previous secret keeps signing too until/).waitFor();
    const second = (await page.getByTestId('new-secret').textContent()) ?? '';
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);

    const before = receiver.received.length;
    await page.getByRole('button', { name: 'Send test webhook' }).click();
    const [signed] = (await receiver.waitFor(before + 1)).slice(before);
    const headers = {
      'webhook-id': String(signed!.headers['webhook-id']),
      'webhook-timestamp': String(signed!.headers['webhook-timestamp']),
      'webhook-signature': String(signed!.headers['webhook-signature']),
    };
    expect(new Webhook(second).verify(signed!.body, headers)).toBeTruthy();
    expect(new Webhook(first).verify(signed!.body, headers)).toBeTruthy();
    await page
      .getByRole('status')
      .getByText(/answered HTTP 200 in \d+ ms, signed/)
      .waitFor();
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
