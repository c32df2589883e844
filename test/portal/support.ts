import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { isProbeFavicon, resetForNextTest, sameSiteBlankOf } from '../helpers/reused-page.ts';

/** Helpers for the portal's browser tests: a signed-in page, accessibility checks and 375 px screenshots. */

/** The browser tests sign the same people in many times in a few minutes: more than the production limits allow. */
export const SIGN_IN_OFTEN = { RATE_LIMIT_SIGN_IN_PER_EMAIL: '1000', RATE_LIMIT_SIGN_IN_PER_ADDRESS: '1000' };

/**
 * The browser suite opens page after page of one project, some thirty tests in two minutes: its pages ask for
 * more cost points a second than the default budget restores (100), where a person's clicks stay far below it.
 * The budget stays on, ten times faster (test/platform/cost-budget.test.ts tests the default).
 */
export const PAGES_IN_QUICK_SUCCESSION = { GRAPHQL_COST_RESTORE_RATE: '1000' };

export const ARTIFACTS = new URL('../../test-artifacts/portal/', import.meta.url);

export interface PortalPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions (a CSP violation is one); the expected 401 of the signed-out check is not. */
  problems: string[];
}

export interface PortalOptions {
  width?: number;
  path?: string;
  timezoneId?: string;
}

function contextOptions(options: PortalOptions) {
  return {
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: 'en-GB',
    timezoneId: options.timezoneId ?? 'Europe/Amsterdam',
  };
}

/** Collects the page's console errors and uncaught exceptions; the returned function stops collecting. */
function watchProblems(page: Page, problems: string[]): () => void {
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/status of 401/.test(text)) return;
    if (isProbeFavicon(message)) return;
    problems.push(text.slice(0, 300));
  };
  const onPageError = (error: Error) => problems.push(error.message);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  return () => {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  };
}

/** A portal page in a context of its own, for a test that needs one nobody used before; close its context. */
export function openPortal(
  browser: Browser,
  portalUrl: string,
  options: PortalOptions = {},
): Promise<PortalPage> {
  return new PortalPages(browser, portalUrl).open({ ...options, fresh: true });
}

interface PooledPage extends PortalPage {
  timezoneId: string;
  /** Closed after its test instead of handed on. */
  fresh: boolean;
  stopWatching: () => void;
}

/**
 * The portal's pages for one test file, each test's page handed on to the next once reset
 * (helpers/reused-page.ts): every test starts signed out, on a page that remembers nothing of the test before
 * it. A test that changes the page itself (routes its sockets) asks for `fresh`, and its context is closed
 * after it.
 */
export class PortalPages {
  private readonly idle: PooledPage[] = [];
  private readonly inUse: PooledPage[] = [];

  private readonly browser: Browser;
  private readonly portalUrl: string;

  constructor(browser: Browser, portalUrl: string) {
    this.browser = browser;
    this.portalUrl = portalUrl;
  }

  async open(options: PortalOptions & { fresh?: boolean } = {}): Promise<PortalPage> {
    const wanted = contextOptions(options);
    const at = options.fresh ? -1 : this.idle.findIndex((p) => p.timezoneId === wanted.timezoneId);
    let pooled: PooledPage;
    if (at >= 0) {
      pooled = this.idle.splice(at, 1)[0]!;
      await pooled.page.setViewportSize(wanted.viewport);
      pooled.problems = [];
    } else {
      const context = await this.browser.newContext(wanted);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      pooled = {
        page,
        context,
        problems: [],
        timezoneId: wanted.timezoneId,
        fresh: false,
        stopWatching: () => {},
      };
    }
    pooled.fresh = options.fresh ?? false;
    pooled.stopWatching = watchProblems(pooled.page, pooled.problems);
    this.inUse.push(pooled);
    await pooled.page.goto(`${this.portalUrl}${options.path ?? '/'}`);
    return pooled;
  }

  /** Ends the test's pages: the console problems each collected, and the pages reset for the next test. */
  async release(): Promise<string[]> {
    const problems: string[] = [];
    for (const used of this.inUse.splice(0)) {
      used.stopWatching();
      problems.push(...used.problems);
      if (used.fresh || !(await resetForNextTest(used.page, sameSiteBlankOf(this.portalUrl)))) {
        await used.context.close();
        continue;
      }
      this.idle.push(used);
    }
    return problems;
  }

  async close(): Promise<void> {
    for (const pooled of [...this.idle.splice(0), ...this.inUse.splice(0)]) await pooled.context.close();
  }
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** Zero serious or critical WCAG 2.1 A/AA violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** The variables of the next GraphQL operation of that name the page sends over HTTP. */
export async function nextOperation(page: Page, operationName: string): Promise<Record<string, unknown>> {
  const request = await page.waitForRequest(
    (r) => r.url().endsWith('/graphql') && r.postDataJSON()?.operationName === operationName,
  );
  return request.postDataJSON().variables;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, ARTIFACTS).pathname, fullPage: true });
}
