import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';

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

export async function openPortal(
  browser: Browser,
  portalUrl: string,
  options: { width?: number; path?: string; timezoneId?: string } = {},
): Promise<PortalPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: 'en-GB',
    timezoneId: options.timezoneId ?? 'Europe/Amsterdam',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/status of 401/.test(text)) return;
    problems.push(text.slice(0, 300));
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${portalUrl}${options.path ?? '/'}`);
  return { page, context, problems };
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
