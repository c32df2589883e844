import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

/**
 * Browser tests hand one page on from test to test instead of opening a page per test: a page opened anew
 * costs Chromium a renderer process and every script compiled again (about 1 s of CPU for a plain page, 2.5 s
 * for the portal; a reused renderer keeps its compiled code). Measured with the portal's suite: 83 s of
 * Chromium CPU before, 53 s after. Each test still starts on a page that remembers nothing of the test before.
 */

/**
 * The pages of one context across a file's tests: each test's first page is the one the test before it used,
 * reset; a test's other pages are closed when it ends.
 */
export class ReusedPages {
  private readonly context: BrowserContext;
  private spare: Page | undefined;
  private readonly opened: Page[] = [];

  constructor(context: BrowserContext) {
    this.context = context;
  }

  /** The page the test before used, reset (`reused`), or a new one. */
  async take(): Promise<{ page: Page; reused: boolean }> {
    const spare = this.spare;
    this.spare = undefined;
    const page = spare ?? (await this.context.newPage());
    this.opened.push(page);
    return { page, reused: spare !== undefined };
  }

  /** Ends a test: its first page is reset for the next test (see `resetForNextTest`), its others closed. */
  async handOn(sameSiteBlank: string): Promise<void> {
    const [first] = this.opened.splice(0);
    if (first && (await resetForNextTest(first, sameSiteBlank))) this.spare = first;
  }
}

/**
 * Leaves a page as a new one would be: its other tabs closed, the storage of the origin it is on and of
 * `sameSiteBlank`'s cleared, its sockets closed, its cookies cleared; false if that failed (the caller then
 * drops it). It waits on `sameSiteBlank`, a page of the same site: a page that leaves for about:blank gets a
 * new renderer process at its next visit, about two per test.
 */
export async function resetForNextTest(page: Page, sameSiteBlank: string): Promise<boolean> {
  try {
    for (const other of page.context().pages()) if (other !== page) await other.close();
    if (page.isClosed()) return false;
    if (page.url().startsWith('http')) await clearStorage(page);
    await page.goto(sameSiteBlank);
    // Again on arrival: a page may save its state as it is left (the GraphQL explorer saves its tabs).
    await clearStorage(page);
    await page.context().clearCookies();
    return true;
  } catch {
    return false;
  }
}

function clearStorage(page: Page): Promise<void> {
  return page.evaluate(() => {
    (globalThis as any).localStorage.clear();
    (globalThis as any).sessionStorage.clear();
  });
}

/** The page a reused page waits on between tests: the gateway's liveness probe, on the gateway's own site. */
export const sameSiteBlankOf = (baseUrl: string) => new URL('/health/live', baseUrl).href;

/** Chromium asks the liveness probe a page waits on between tests for a /favicon.ico, which the gateway does not serve. */
export const isProbeFavicon = (message: ConsoleMessage) => message.location().url.endsWith('/favicon.ico');
