import type { Browser, BrowserContext, Page } from 'playwright-core';
import { isProbeFavicon, ReusedPages } from './reused-page.ts';

/** Whether a URL is served by this machine (or needs no network at all). */
export const isThisMachine = (url: string) =>
  url.startsWith('data:') ||
  url.startsWith('blob:') ||
  ['127.0.0.1', 'localhost'].includes(new URL(url).hostname);

/** A browser context with no internet, and what its pages did in it. */
export interface OfflineContext {
  context: BrowserContext;
  /** Every request a page tried to send off this machine (each one is aborted), WebSockets included. */
  offMachine: string[];
  /** Every URL a page loaded from this machine. */
  loaded: string[];
  /** Console errors and uncaught exceptions of the pages opened with `newPage`. */
  problems: string[];
  /**
   * A page whose console errors, exceptions and WebSockets off this machine are recorded: the page of the test
   * before, reset, when there is one (`nextTest`).
   */
  newPage(): Promise<Page>;
  /**
   * Makes the context ready for the next test: forgets what was loaded and refused, and keeps one page, reset
   * (helpers/reused-page.ts), for the next `newPage`. Routing stays on, which keeps Chromium's HTTP cache off,
   * so every test's page still loads everything through the route.
   */
  nextTest(sameSiteBlank: string): Promise<void>;
}

/**
 * A new context in which anything not addressed to this machine is aborted and remembered, as on a machine
 * with no internet: pages served from the project's own dependencies must work in it.
 */
export async function offlineContext(browser: Browser): Promise<OfflineContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const pages = new ReusedPages(context);
  const offline: OfflineContext = {
    context,
    offMachine: [],
    loaded: [],
    problems: [],
    async newPage() {
      const { page, reused } = await pages.take();
      page.setDefaultTimeout(15_000);
      if (reused) return page;
      page.on('console', (message) => {
        if (message.type() === 'error' && !isProbeFavicon(message)) {
          offline.problems.push(message.text().slice(0, 300));
        }
      });
      page.on('pageerror', (error) => offline.problems.push(error.message));
      page.on('websocket', (socket) => {
        if (!isThisMachine(socket.url())) offline.offMachine.push(socket.url());
      });
      return page;
    },
    async nextTest(sameSiteBlank) {
      await pages.handOn(sameSiteBlank);
      offline.offMachine = [];
      offline.loaded = [];
      offline.problems = [];
    },
  };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isThisMachine(url)) {
      offline.loaded.push(url);
      return route.continue();
    }
    offline.offMachine.push(url);
    return route.abort('internetdisconnected');
  });
  return offline;
}
