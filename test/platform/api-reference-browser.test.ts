import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { hasChromium, launchChromium } from '../hosted-pages/support.ts';

const describeInBrowser = hasChromium ? describe : describe.skip;
const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
const isThisMachine = (url: string) =>
  url.startsWith('data:') ||
  url.startsWith('blob:') ||
  ['127.0.0.1', 'localhost'].includes(new URL(url).hostname);

describeInBrowser('the REST API reference at /docs in a real browser with no internet (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  /** Every request the page tried to send off this machine (each one is aborted). */
  let offMachine: string[];
  /** Every URL the page loaded from this machine. */
  let loaded: string[];
  /** Console errors and uncaught exceptions. */
  let problems: string[];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  beforeEach(async () => {
    offMachine = [];
    loaded = [];
    problems = [];
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    // No internet: anything not addressed to this machine is aborted and remembered.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (isThisMachine(url)) {
        loaded.push(url);
        return route.continue();
      }
      offMachine.push(url);
      return route.abort('internetdisconnected');
    });
  });
  afterEach(async () => {
    await context.close();
    expect(offMachine).toEqual([]);
    expect(problems).toEqual([]);
  });

  const openReference = async (): Promise<Page> => {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text().slice(0, 300));
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${app.baseUrl}/docs`);
    await page.getByRole('heading', { name: 'Payments gateway REST API' }).first().waitFor();
    return page;
  };

  it('renders the document served at /openapi.json with its script from this server', async () => {
    const page = await openReference();
    expect(loaded).toContain(`${app.baseUrl}/openapi.json`);
    expect(loaded.some((url) => url.startsWith(`${app.baseUrl}/docs/`) && url.endsWith('.js'))).toBe(true);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: new URL('api-reference.png', ARTIFACTS).pathname });
  });

  it('lists every operation of the document in the sidebar, grouped by tag', async () => {
    const document = (await (await fetch(`${app.baseUrl}/openapi.json`)).json()) as {
      tags: { name: string }[];
      paths: Record<string, Record<string, { summary: string }>>;
    };
    const summaries = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.summary),
    );
    expect(summaries.length).toBeGreaterThanOrEqual(20);
    const page = await openReference();
    const sidebar = page.locator('nav, aside').first();
    for (const tag of document.tags) await sidebar.getByText(tag.name, { exact: true }).first().waitFor();
    for (const summary of summaries) await sidebar.getByText(summary, { exact: true }).first().waitFor();
  });

  it('shows an operation with its Idempotency-Key header and its errors', async () => {
    const page = await openReference();
    await page.getByText('Create an order', { exact: true }).first().click();
    await page.getByText('Idempotency-Key').first().waitFor();
    await page.getByText('invalid_request').first().waitFor();
  });
});
