import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { basicAuth } from '../helpers/http.ts';
import { isThisMachine, type OfflineContext, offlineContext } from '../helpers/offline-browser.ts';
import { sameSiteBlankOf } from '../helpers/reused-page.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { hasChromium, launchChromium } from '../hosted-pages/support.ts';
import { exampleOperationNames } from './graphql-examples-support.ts';

const describeInBrowser = hasChromium ? describe : describe.skip;
const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);

/** Monaco draws spaces as no-break spaces; compare the text as typed. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describeInBrowser('the GraphQL explorer in a real browser with no internet (Chromium)', () => {
  let app: TestApp;
  let apiKey: string;
  let browser: Browser;
  /** The browser context, with no internet: what this test's pages loaded and tried to reach. */
  let offline: OfflineContext;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    offline = await offlineContext(browser);
    ({ apiKey } = await seedProject(app, { name: 'Tulip Tickets' }));
  });
  afterAll(async () => {
    await offline?.context.close();
    await browser?.close();
    await app?.stop();
  });

  afterEach(async () => {
    const { offMachine, problems } = offline;
    await offline.nextTest(sameSiteBlankOf(app.baseUrl));
    expect(offMachine).toEqual([]);
    expect(problems).toEqual([]);
  });

  const openExplorer = async (): Promise<Page> => {
    const page = await offline.newPage();
    await page.goto(`${app.baseUrl}/graphql`);
    // Ready once the editors hold the first tab's operation and headers.
    await page.locator('.graphiql-query-editor').getByText('mutation CreateOrder').waitFor();
    await headersEditor(page).getByText('Authorization').waitFor();
    return page;
  };

  /** Switches to a saved tab and waits until its operation is the one in the editor. */
  const openTab = async (page: Page, name: string) => {
    await page.locator('.graphiql-tab-button').getByText(name, { exact: true }).click();
    await page.locator('.graphiql-tab-active').getByText(name, { exact: true }).waitFor();
    await page
      .locator('.graphiql-query-editor')
      .getByText(new RegExp(`(query|mutation|subscription)\\s${name}\\b`))
      .waitFor();
  };

  const headersEditor = (page: Page) =>
    page.locator('section.graphiql-editor-tool .graphiql-editor:not(.hidden) .monaco-editor');

  /** Replaces the active tab's headers, typed into the editor as a person would paste them. */
  const fillHeaders = async (page: Page, headers: Record<string, string>) => {
    await headersEditor(page).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(JSON.stringify(headers));
  };

  const run = (page: Page) => page.locator('.graphiql-execute-button').click();

  const response = (page: Page) => page.locator('.graphiql-response .monaco-editor');
  /**
   * Waits until the response pane shows `text`. The predicate is a function, not a string: the page's CSP
   * forbids eval, which is how a string predicate is polled. It runs in the page (no DOM types in the test code).
   */
  const waitForResponse = (page: Page, text: string) =>
    page.waitForFunction(
      (expected) =>
        ((globalThis as any).document.querySelector('.graphiql-response .monaco-editor')?.textContent ?? '')
          .replace(/\u00a0/g, ' ')
          .includes(expected),
      text,
    );

  it('loads every script, style, font and editor worker from this server, with no CSP violation', async () => {
    const page = await openExplorer();
    // The documentation explorer lists the schema before any key is entered.
    await page.getByLabel('Show Documentation Explorer').click();
    await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().waitFor();
    await page.waitForFunction(
      () => (globalThis as any).document.querySelector('.graphiql-query-editor .mtk1') !== null,
    );
    expect(page.workers().length).toBeGreaterThan(0);
    expect(offline.loaded.some((url) => url.includes('/graphql/explorer/ruru-'))).toBe(true);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: new URL('graphql-explorer.png', ARTIFACTS).pathname });
  });

  it('opens the example operations as saved tabs, each with the Authorization header template', async () => {
    const page = await openExplorer();
    expect(await page.locator('.graphiql-tab-button').allInnerTexts()).toEqual(exampleOperationNames());
    const headers = plain((await headersEditor(page).textContent()) ?? '');
    expect(headers).toContain('"Authorization": "Basic <base64 of pk_test_...:>"');
    expect(headers).toContain("btoa('pk_test_...:')");
  });

  it('runs a query with the API key filled in and shows its result', async () => {
    const page = await openExplorer();
    await openTab(page, 'ProjectSettings');
    await fillHeaders(page, { Authorization: basicAuth(apiKey) });
    await run(page);
    await waitForResponse(page, '"name": "Tulip Tickets"');
    expect(plain((await response(page).textContent()) ?? '')).toContain('"mode": "TEST"');
  });

  it('shows a missing key as the API 401 in the response pane, without a browser login prompt', async () => {
    const page = await openExplorer();
    await openTab(page, 'ProjectSettings');
    await run(page);
    await waitForResponse(page, 'unauthorized');
    // The browser reports the 401 in the console; that one is expected here.
    offline.problems = offline.problems.filter(
      (problem) => !problem.includes('status of 401 (Unauthorized)'),
    );
    // The page still takes input: a login prompt would have blocked it.
    await openTab(page, 'SearchOrders');
    expect(await page.locator('.graphiql-tab-active .graphiql-tab-button').textContent()).toBe(
      'SearchOrders',
    );
  });

  it('receives status changes over the same-origin WebSocket, authenticated by the same header', async () => {
    const page = await openExplorer();
    await openTab(page, 'OrderStatusChanged');
    await fillHeaders(page, { Authorization: basicAuth(apiKey) });
    // The listener for the subscribe frame is attached as the socket opens: the frame can go out before
    // `run` resolves, and a listener attached after it would wait for a frame already sent.
    const subscribed = new Promise<string>((resolve) => {
      page.on('websocket', (socket) => {
        socket.on('framesent', (frame) => {
          if (String(frame.payload).includes('"subscribe"')) resolve(socket.url());
        });
      });
    });
    await run(page);
    expect(isThisMachine(await subscribed)).toBe(true);
    const order = await payOwnCheckoutOrder(app.baseUrl, apiKey);
    await waitForResponse(page, order.id);
    await waitForResponse(page, '"status": "COMPLETED"');
  });
});
