import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { API_KEY_PLACEHOLDER } from '../../src/platform/openapi/api-reference.ts';
import { type OfflineContext, offlineContext } from '../helpers/offline-browser.ts';
import { sameSiteBlankOf } from '../helpers/reused-page.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { hasChromium, launchChromium } from '../hosted-pages/support.ts';

const describeInBrowser = hasChromium ? describe : describe.skip;
const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
/** Chromium parses Scalar's 5 MB script on every page load: slow on a busy two-core machine. */
const PAGE_TEST_TIMEOUT_MS = 90_000;

describeInBrowser('the REST API reference at /docs in a real browser with no internet (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  /** The browser context, with no internet: what this test's pages loaded and tried to reach. */
  let offline: OfflineContext;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    offline = await offlineContext(browser);
  }, PAGE_TEST_TIMEOUT_MS);
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

  const openReference = async (): Promise<Page> => {
    const page = await offline.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${app.baseUrl}/docs`);
    await page.getByRole('heading', { name: 'Payments gateway REST API' }).first().waitFor();
    return page;
  };

  it(
    'renders the document served at /openapi.json with its script from this server',
    async () => {
      const page = await openReference();
      expect(offline.loaded).toContain(`${app.baseUrl}/openapi.json`);
      expect(
        offline.loaded.some((url) => url.startsWith(`${app.baseUrl}/docs/`) && url.endsWith('.js')),
      ).toBe(true);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: new URL('api-reference.png', ARTIFACTS).pathname });
    },
    PAGE_TEST_TIMEOUT_MS,
  );

  it('answers an unknown path under /docs as every unknown path', async () => {
    const response = await fetch(`${app.baseUrl}/docs/nothing-here.js`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { status: 404, type: 'not_found', value: 'No route for GET /docs/nothing-here.js' },
    });
  });

  it(
    'lists every operation of the document in the sidebar, grouped by tag',
    async () => {
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
    },
    PAGE_TEST_TIMEOUT_MS,
  );

  it(
    'shows an operation with its Idempotency-Key header and its errors',
    async () => {
      const page = await openReference();
      await page.getByText('Create an order', { exact: true }).first().click();
      await page.getByText('Idempotency-Key').first().waitFor();
      await page.getByText('invalid_request').first().waitFor();
    },
    PAGE_TEST_TIMEOUT_MS,
  );

  it(
    'opens with Basic authentication selected, the key field explained, and samples that send the key as the user name',
    async () => {
      const page = await openReference();
      const text = async () => (await page.locator('body').textContent()) ?? '';
      await page.getByText(API_KEY_PLACEHOLDER, { exact: true }).first().waitFor();
      expect(await text()).not.toContain('No authentication selected');
      expect(await text()).toContain("the project's API key");
      // `YOUR_API_KEY:` as Basic credentials: the key as the user name, the password empty.
      const basic = `Basic ${Buffer.from(`${API_KEY_PLACEHOLDER}:`).toString('base64')}`;
      await page.getByText(basic).first().waitFor();
      expect(await text()).not.toMatch(/username:password|dXNlcm5hbWU6cGFzc3dvcmQ/);
    },
    PAGE_TEST_TIMEOUT_MS,
  );
});
