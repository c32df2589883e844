import { readFileSync } from 'node:fs';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { ensurePortalBuilt, PERSISTED_DOCUMENTS_FILE } from '../../portal/build.ts';
import { orderPaidTwice } from '../factories/paid-twice.ts';
import {
  answerChallenge,
  createCardOrder,
  payOwnCheckoutOrder,
  storeCard,
  TEST_CARDS,
  TEST_CVC,
  TEST_EXPIRY,
} from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type SeededUser, seedUser } from '../factories/user.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { hasChromium, launchChromium } from '../hosted-pages/support.ts';
import {
  nextOperation,
  PAGES_IN_QUICK_SUCCESSION,
  type PortalOptions,
  PortalPages,
  SIGN_IN_OFTEN,
  screenshot,
  seriousViolations,
  signInThroughForm,
} from './support.ts';

const describeInBrowser = hasChromium ? describe : describe.skip;

/** The id of one of the portal's trusted documents, by operation name (portal/src/gql/persisted-documents.json). */
function trustedDocumentIdOf(operationName: string): string {
  const manifest = JSON.parse(readFileSync(PERSISTED_DOCUMENTS_FILE, 'utf8')) as Record<string, string>;
  const found = Object.entries(manifest).find(([, text]) => text.includes(`mutation ${operationName}(`));
  if (!found) throw new Error(`no trusted document ${operationName}`);
  return found[0];
}

describeInBrowser('the merchant portal in a real browser (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  let project: SeededProject;
  let admin: SeededUser;
  let viewer: SeededUser;
  let portalUrl: string;
  let pages: PortalPages;

  beforeAll(async () => {
    await ensurePortalBuilt('/portal/');
    [app, browser] = await Promise.all([
      startTestApp({ ...SIGN_IN_OFTEN, ...PAGES_IN_QUICK_SUCCESSION }),
      launchChromium(),
    ]);
    portalUrl = `${app.baseUrl}/portal`;
    pages = new PortalPages(browser, portalUrl);
    project = await seedProject(app, { name: 'Tulip Tickets' });
    [admin, viewer] = await Promise.all([
      seedUser(app, project.projectId, 'admin'),
      seedUser(app, project.projectId, 'viewer'),
    ]);
  }, 120_000);
  afterAll(async () => {
    await pages?.close();
    await browser?.close();
    await app?.stop();
  });
  afterEach(async () => {
    expect(await pages.release()).toEqual([]);
  });

  const open = (options: PortalOptions & { fresh?: boolean } = {}) => pages.open(options);
  const signedIn = async (user: SeededUser = admin, options: PortalOptions = {}) => {
    const portal = await open(options);
    await signInThroughForm(portal.page, user.email, user.password);
    return portal;
  };
  const rest = () => restClient(app.baseUrl, project.apiKey);
  /** Waits until home's Today card counts `expected` orders. */
  const todayCountIs = (page: Page, expected: number, timeout?: number) =>
    page.waitForFunction(
      (count) =>
        Number.parseInt(
          (globalThis as any).document.querySelector('[aria-label="Today"] .stat-value')?.textContent ?? '',
          10,
        ) === count,
      expected,
      { timeout },
    );

  it('refuses a wrong password with the generic message, then signs in', async () => {
    const { page } = await open();
    await page.getByLabel('E-mail address').fill(admin.email);
    await page.getByLabel('Password').fill('not-the-password-at-all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('The e-mail address or password is incorrect').waitFor();
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await page.getByText('Test mode').waitFor();
    expect(await page.getByText('Tulip Tickets').count()).toBeGreaterThan(0);
  });

  it('shows an order paid through REST within two seconds, and its status change in place, without a reload', async () => {
    const { page } = await signedIn(admin, { path: '/orders' });
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.locator('.live-dot.is-live').waitFor();
    const merchantOrderId = `live-${Date.now()}`;
    const order = await createCardOrder(app.baseUrl, project.apiKey, {
      order: { merchant_order_id: merchantOrderId },
    });
    const transaction = order.transactions[0];
    const stored = await storeCard(app.baseUrl, project.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
      pan: TEST_CARDS.challenge,
    });
    // The card asks for 3-D Secure: the order is processing while the customer answers the challenge.
    const authenticated = await rest().post<any>(
      `/v1/orders/${order.id}/transactions/${transaction.id}/authenticate/`,
      {
        vault_token: stored.body.vault_token,
        cvc: TEST_CVC,
      },
    );
    const row = page.locator(`tr[data-order-id="${order.id}"]`);
    await row.locator('[data-status="PROCESSING"]').waitFor({ timeout: 2_000 });
    expect(await row.textContent()).toContain(merchantOrderId);

    await answerChallenge(authenticated.body.transactions[0].payment_url);
    await row.locator('[data-status="COMPLETED"]').waitFor({ timeout: 2_000 });
    expect(await row.textContent()).toContain('400000******3220');
  });

  it('shows a new order created through REST within two seconds, without a reload, on the orders page and in the home feed (one without transactions too)', async () => {
    const { page: orders, context } = await signedIn(admin, { path: '/orders' });
    await orders.getByRole('heading', { name: 'Orders' }).waitFor();
    await orders.locator('.live-dot.is-live').waitFor();
    const home = await context.newPage();
    await home.goto(`${portalUrl}/`);
    const feed = home.getByRole('region', { name: 'Live feed' });
    await home.locator('.live-dot.is-live').waitFor();
    await feed.locator('ol.feed, [role="status"]').first().waitFor();

    // A hosted order has no transaction: its creation is no status change of anything.
    const hosted = await rest().post<any>('/v1/orders/', {
      amount: 1999,
      currency: 'EUR',
      merchant_order_id: `new-hosted-${Date.now()}`,
    });
    expect(hosted.status).toBe(201);
    expect(hosted.body.transactions).toEqual([]);
    const hostedRow = orders.locator(`tr[data-order-id="${hosted.body.id}"]`);
    await hostedRow.waitFor({ timeout: 2_000 });
    expect(await hostedRow.textContent()).toContain(hosted.body.merchant_order_id);
    await feed
      .locator('li[data-event-type="ORDER_CREATED"]', { hasText: hosted.body.merchant_order_id })
      .waitFor({ timeout: 2_000 });

    const own = await createCardOrder(app.baseUrl, project.apiKey, {
      order: { merchant_order_id: `new-own-${Date.now()}` },
    });
    await orders.locator(`tr[data-order-id="${own.id}"]`).waitFor({ timeout: 2_000 });
    await feed
      .locator('li[data-event-type="ORDER_CREATED"]', { hasText: own.merchant_order_id })
      .waitFor({ timeout: 2_000 });
    await home.close();
  });

  it("shows home's totals from orderStats in the user's time zone, the latest events, and both follow a payment live", async () => {
    const earlier = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      amount: 555,
      order: { merchant_order_id: 'feed-before' },
    });
    // Fourteen hours ahead of UTC: the page's days must be the user's, not the server's.
    const timeZone = 'Pacific/Kiritimati';
    const portal = await open({ timezoneId: timeZone });
    const { page } = portal;
    const asked = nextOperation(page, 'HomeStats');
    await signInThroughForm(page, admin.email, admin.password);
    const variables = await asked;
    const localDate = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    expect(variables).toMatchObject({
      timeZone,
      today: new Date(`${localDate}T00:00:00+14:00`).toISOString(),
    });
    await page.getByText(`Days in your time zone, ${timeZone}.`).waitFor();

    // What the page shows is what the API counts for that window and zone.
    const stats = await graphqlClient(app.baseUrl, project.apiKey)<any>(
      'query($from: DateTime!, $to: DateTime!, $tz: String!) { orderStats(from: $from, to: $to, timeZone: $tz) { buckets { orderCount } } }',
      { from: variables.today, to: variables.until, tz: timeZone },
    );
    const counted = stats.data.orderStats.buckets[0].orderCount;
    expect(counted).toBeGreaterThan(0);
    const today = page.getByRole('region', { name: 'Today' }).locator('.stat-value');
    await todayCountIs(page, counted);
    // The feed opens with the latest events (the `events` query), the order named by its merchant order id.
    const feed = page.getByRole('region', { name: 'Live feed' });
    await feed.getByRole('link', { name: 'feed-before' }).first().waitFor();
    expect(await feed.locator(`a[href$="/orders/${earlier.id}"]`).count()).toBeGreaterThan(0);

    await page.locator('.live-dot.is-live').waitFor();
    const before = Number.parseInt((await today.textContent()) ?? '', 10);
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      amount: 777,
      order: { merchant_order_id: 'feed-777' },
    });
    await feed.getByRole('link', { name: 'feed-777' }).first().waitFor({ timeout: 3_000 });
    await feed
      .locator('[data-event-type="ORDER_STATUS_CHANGED"] [data-status="COMPLETED"]')
      .first()
      .waitFor();
    await todayCountIs(page, before + 1, 3_000);
    expect(paid.status).toBe('completed');
  });

  it('catches up after a dropped connection from the last event it saw: changes made meanwhile appear without a reload', async () => {
    // A page of its own: its socket routes stay with it.
    const portal = await open({ path: '/orders', fresh: true });
    const { page } = portal;
    // The page's socket runs through the test, which reads what passes and cuts it like a network failure would.
    const sockets: { page: WebSocketRoute; server: WebSocketRoute; sent: any[]; received: any[] }[] = [];
    await page.routeWebSocket(/\/graphql$/, (ws) => {
      const socket = { page: ws, server: ws.connectToServer(), sent: [] as any[], received: [] as any[] };
      ws.onMessage((message) => {
        socket.sent.push(JSON.parse(String(message)));
        socket.server.send(message);
      });
      socket.server.onMessage((message) => {
        socket.received.push(JSON.parse(String(message)));
        ws.send(message);
      });
      sockets.push(socket);
    });
    await signInThroughForm(page, admin.email, admin.password);
    await page.locator('.live-dot.is-live').waitFor();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    const subscribeOf = (socket: (typeof sockets)[number]) =>
      socket.sent.find((m) => m.type === 'subscribe' && m.payload.operationName === 'PortalOrderChanges');
    for (let i = 0; i < 100 && !subscribeOf(sockets.at(-1)!); i++) await page.waitForTimeout(50);
    // The subscription starts at the feed's position when the page opened.
    expect(subscribeOf(sockets.at(-1)!).payload.variables).toHaveProperty('afterEvent');

    // An order on screen waits for the customer's 3-D Secure answer.
    const order = await createCardOrder(app.baseUrl, project.apiKey, {
      order: { merchant_order_id: `dropped-${Date.now()}` },
    });
    const stored = await storeCard(app.baseUrl, project.apiKey, {
      setupToken: order.transactions[0].payment_method_details.setup_token,
      pan: TEST_CARDS.challenge,
    });
    const authenticated = await rest().post<any>(
      `/v1/orders/${order.id}/transactions/${order.transactions[0].id}/authenticate/`,
      { vault_token: stored.body.vault_token, cvc: TEST_CVC },
    );
    const row = page.locator(`tr[data-order-id="${order.id}"]`);
    await row.locator('[data-status="PROCESSING"]').waitFor({ timeout: 2_000 });
    const cut = sockets.at(-1)!;
    const ofOrders = (m: any) => m.type === 'next' && m.id === subscribeOf(cut).id;
    const lastSeen = cut.received.filter(ofOrders).at(-1).payload.data.orderStatusChanged;
    expect(lastSeen).toMatchObject({ id: order.id, status: 'PROCESSING' });

    await cut.server.close();
    await cut.page.close({ code: 1012, reason: 'test: connection dropped' });
    await page.locator('.live-dot:not(.is-live)').waitFor();
    // Meanwhile the customer answers the challenge, and another order is paid.
    await answerChallenge(authenticated.body.transactions[0].payment_url);
    const missed = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      amount: 4242,
      order: { merchant_order_id: `missed-${Date.now()}` },
    });

    await page.locator('.live-dot.is-live').waitFor({ timeout: 15_000 });
    await row.locator('[data-status="COMPLETED"]').waitFor({ timeout: 5_000 });
    await page
      .locator(`tr[data-order-id="${missed.id}"] [data-status="COMPLETED"]`)
      .waitFor({ timeout: 5_000 });
    // The new socket resumed after the last event the page saw, and the server replayed the change from there.
    const resumed = sockets.at(-1)!;
    expect(resumed).not.toBe(cut);
    expect(subscribeOf(resumed).payload.variables.afterEvent).toBe(lastSeen.event.cursor);
    const replayed = resumed.received.filter((m) => m.type === 'next' && m.id === subscribeOf(resumed).id);
    expect(replayed[0].payload.data.orderStatusChanged).toMatchObject({ id: order.id, status: 'COMPLETED' });
  });

  it('shows a bad search query with the error at its position', async () => {
    const { page } = await signedIn(admin, { path: '/orders' });
    await page.getByLabel('Search').fill('status:completed AND (');
    await page.getByRole('button', { name: 'Search' }).click();
    const error = page.locator('#query-error');
    await error.waitFor();
    const message = (await error.locator('p').first().textContent()) ?? '';
    const position = Number(/at position (\d+)/.exec(message)?.[1]);
    expect(Number.isInteger(position)).toBe(true);
    // The pointer marks that very character of the query.
    const pointer = (await error.locator('pre').textContent()) ?? '';
    expect(pointer.split('\n')[1]).toBe(`${' '.repeat(position)}^`);
    expect(await page.getByLabel('Search').getAttribute('aria-invalid')).toBe('true');
  });

  it('refunds part of an order from its page, and the REST API agrees', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 2500, currency: 'EUR' });
    const { page } = await signedIn(admin, { path: `/orders/${paid.id}` });
    // Durations and card expiries in words people read, not the API's PT1H and MMYYYY.
    const fact = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
    expect(await fact('Expires after').first().textContent()).toBe('1 hour');
    expect(await fact('Expiry').first().textContent()).toBe(
      `${TEST_EXPIRY.slice(0, 2)}/${TEST_EXPIRY.slice(2)}`,
    );
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order' });
    await dialog.getByLabel('Amount in EUR').fill('7.35');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('Refunded €7.35').waitFor();
    await page.getByTestId('refunded-amount').getByText('€7.35').waitFor();
    await page.getByTestId('refundable-amount').getByText('€17.65').waitFor();
    const fromRest = await rest().get<any>(`/v1/orders/${paid.id}/`);
    expect(fromRest.body.refunded_amount).toBe(735);
    // The admin's audit log on Settings records the refund (entries land a moment after the action).
    await page.getByRole('link', { name: 'Settings' }).click();
    const refundEntry = page
      .getByRole('region', { name: 'Audit log' })
      .getByText('graphql.refundOrder')
      .first();
    for (let attempt = 0; attempt < 10 && !(await refundEntry.isVisible()); attempt++) {
      await page.waitForTimeout(300);
      await page.reload();
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    }
    await refundEntry.waitFor();
  });

  it('refunds with the keyboard only', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1000, currency: 'EUR' });
    const { page } = await signedIn(admin, { path: `/orders/${paid.id}` });
    const refund = page.getByRole('button', { name: 'Refund' });
    await refund.waitFor();
    // Tab from the top of the page until the Refund button has focus.
    await page.locator('body').focus();
    for (
      let i = 0;
      i < 40 && !(await refund.evaluate((el) => el === (globalThis as any).document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    expect(await refund.evaluate((el) => el === (globalThis as any).document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const amount = page.getByRole('dialog').getByLabel('Amount in EUR');
    await amount.waitFor();
    await amount.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('2,50');
    await page.keyboard.press('Enter');
    await page.getByText('Refunded €2.50').waitFor();
    expect((await rest().get<any>(`/v1/orders/${paid.id}/`)).body.refunded_amount).toBe(250);
  });

  it('refunds the payment the merchant picks when the customer paid twice, and the API agrees', async () => {
    const order = await orderPaidTwice(app.baseUrl, project.apiKey);
    const [first, second] = order.transactions.map((t: { id: string }) => t.id);
    const { page } = await signedIn(admin, { path: `/orders/${order.id}` });
    await page.getByTestId('refundable-amount').getByText('€19.90').waitFor();
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order' });
    const payments = dialog.getByRole('group', { name: /Payment to refund/ });
    expect(await payments.getByRole('radio', { name: /Card ending 0770/ }).isChecked()).toBe(true);
    await payments.getByRole('radio', { name: /Card ending 1111/ }).check();
    await dialog.getByLabel('Amount in EUR').fill('3.00');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('Refunded €3.00').waitFor();
    await page.getByTestId('refundable-amount').getByText('€16.90').waitFor();

    const { data } = await graphqlClient(app.baseUrl, project.apiKey)<any>(
      'query R($id: ID!) { order(id: $id) { status refunds { amount transactions { refundOfTransactionId } } } }',
      { id: order.id },
    );
    expect(data.order.status).toBe('SEE_TRANSACTIONS');
    expect(data.order.refunds).toEqual([{ amount: 300, transactions: [{ refundOfTransactionId: second }] }]);
    expect(second).not.toBe(first);
  });

  it('rolls a key: the new secret is shown once and works, the old one still works during the overlap', async () => {
    const { page } = await signedIn(admin, { path: '/developers' });
    const prefix = project.apiKey.slice(0, 12);
    await page.getByRole('button', { name: `Roll key ${prefix}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Old key keeps working for').selectOption('PT1H');
    await dialog.getByRole('button', { name: 'Roll key' }).click();
    const secret = (await page.getByTestId('new-secret').textContent()) ?? '';
    expect(secret).toMatch(/^sk_test_[A-Za-z0-9]{32}$/);
    const withNew = await restClient(app.baseUrl, secret).get(`/v1/orders/${crypto.randomUUID()}/`);
    expect(withNew.status).toBe(404);
    const withOld = await restClient(app.baseUrl, project.apiKey).get(`/v1/orders/${crypto.randomUUID()}/`);
    expect(withOld.status).toBe(404);
    project = { ...project, apiKey: secret };
  });

  it('lets a viewer read but shows no write button, and the API refuses the viewer anyway', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1200 });
    const { page } = await signedIn(viewer, { path: `/orders/${paid.id}` });
    await page.getByRole('heading', { level: 1, name: /12\.00/ }).waitFor();
    expect(await page.getByRole('button', { name: /Refund|Capture|Void|Resend/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Developers' }).click();
    await page.getByText('Developers and admins manage API keys').waitFor();
    // The project's delivery log and the endpoint's health are there to read.
    await page.getByRole('heading', { name: 'Webhook deliveries' }).waitFor();
    await page.getByTestId('webhook-health').waitFor();
    expect(
      await page
        .getByRole('button', {
          name: /Save URL|Create key|Enable signing|Send these again|Send test webhook/,
        })
        .count(),
    ).toBe(0);
    // The same mutation the refund button sends (its trusted document), from the viewer's signed-in page: refused.
    const answer: any = await page.evaluate(
      async ({ orderId, documentId }) => {
        const session: any = await (await fetch('/portal/session')).json();
        const response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
          body: JSON.stringify({ documentId, variables: { orderId, amount: 100, transactionId: null } }),
        });
        return response.json();
      },
      { orderId: paid.id, documentId: trustedDocumentIdOf('PortalRefundOrder') },
    );
    expect(answer.data.refundOrder.refund).toBeNull();
    expect(answer.data.refundOrder.userErrors).toEqual([expect.objectContaining({ code: 'forbidden' })]);
    expect((await rest().get<any>(`/v1/orders/${paid.id}/`)).body.refunded_amount).toBe(0);
  });

  it('signs out: the session ends on the server (its cookie is refused) and the live socket closes', async () => {
    const { page, context } = await open();
    const socket = page.waitForEvent('websocket');
    await signInThroughForm(page, admin.email, admin.password);
    const live = await socket;
    await page.locator('.live-dot.is-live').waitFor();
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'portal_session', httpOnly: true, sameSite: 'Strict' });
    const closed = live.waitForEvent('close');
    const signedOut = page.waitForResponse(
      (r) => r.url().endsWith('/portal/session') && r.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect((await signedOut).status()).toBe(204);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await closed;
    // The old cookie, replayed from outside the browser, is refused: the session ended on the server.
    const replayed = await fetch(`${portalUrl}/session`, {
      headers: { cookie: `${cookie!.name}=${cookie!.value}` },
    });
    expect(replayed.status).toBe(401);
    // Reloading shows the sign-in page again: nothing of the session is left in the browser.
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it('goes back to sign-in when the session ends elsewhere', async () => {
    const { page, context } = await signedIn(admin);
    await page.locator('.live-dot.is-live').waitFor();
    const [cookie] = await context.cookies();
    const jar = { cookie: `${cookie!.name}=${cookie!.value}` };
    const { csrf_token } = (await (await fetch(`${portalUrl}/session`, { headers: jar })).json()) as any;
    const ended = await fetch(`${portalUrl}/session`, {
      method: 'DELETE',
      headers: { ...jar, 'x-csrf-token': csrf_token },
    });
    expect(ended.status).toBe(204);
    // The server closes the live socket (4403); the next request would be a 401: either way, sign in again.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it.each([
    ['home', '/'],
    ['orders', '/orders'],
    ['order-detail', null],
    ['developers', '/developers'],
    ['settings', '/settings'],
  ])(
    'has no serious accessibility violation on %s, and a 375 px screenshot',
    async (name, path) => {
      const order = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 4990 });
      const { page } = await signedIn(admin, { width: 375, path: path ?? `/orders/${order.id}` });
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(
        () => (globalThis as any).document.querySelector('[role="status"].state-loading') === null,
      );
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing wider than the phone: only the tables scroll sideways, inside their own region.
      const overflow = await page.evaluate(
        () => (globalThis as any).document.documentElement.scrollWidth - (globalThis as any).innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // Every tab of the main navigation is whole on the phone's screen, none cut off at the edge.
      const cutOff = await page.getByRole('navigation', { name: 'Main' }).evaluate((nav: any) =>
        [...nav.querySelectorAll('a')]
          .filter((link: any) => {
            const box = link.getBoundingClientRect();
            const frame = nav.getBoundingClientRect();
            return (
              box.left < frame.left || box.right > frame.right || box.right > (globalThis as any).innerWidth
            );
          })
          .map((link: any) => link.textContent),
      );
      expect(cutOff).toEqual([]);
      await screenshot(page, name);
      // A payment, a sign-in, a page and an axe scan: well within a minute even on a machine shared by many test runs.
    },
    60_000,
  );

  it('fits a wide screen too (screenshots of home, orders and an order for the README)', async () => {
    const order = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      amount: 12_900,
      order: { merchant_order_id: 'SHOP-1042', description: 'Two concert tickets' },
    });
    const { page } = await signedIn(admin, { width: 1280 });
    for (const [name, path] of [
      ['wide-home', '/'],
      ['wide-orders', '/orders'],
      ['wide-order-detail', `/orders/${order.id}`],
    ] as const) {
      await page.goto(`${portalUrl}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(
        () => (globalThis as any).document.querySelector('[role="status"].state-loading') === null,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, name);
    }
  });

  it('opens the sign-in page on a first visit with nothing in the console', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
      });
      page.on('pageerror', (error) => logged.push(error.message));
      await page.goto(`${portalUrl}/`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(logged).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has no serious accessibility violation on the sign-in page', async () => {
    const { page } = await open({ width: 375 });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sign-in');
  });
});
