/**
 * The hosted-pages module's front door: what other modules may use of it. `npm run boundaries` refuses any other
 * import across modules; the module's own files never import it.
 */
export type { AttemptBrowser } from './attempt-browsers.repository.ts';
export { attemptBrowserOf } from './commands/attempt-browser.ts';
export { loadOrderPageFacts } from './commands/load-order-page.ts';
export { html, type SafeHtml } from './html/html.ts';
export { layout } from './html/layout.ts';
export { orderSummary, type PageContext, statePage } from './html/state-page.ts';
export { pageLocaleFor } from './i18n/locale.ts';
export type { MessageKey } from './i18n/messages.ts';
export type { OrderPageFacts } from './page-for-state.ts';
export { redirectTo, sendPage } from './page-response.ts';
export { formToken, registerPageScope } from './page-scope.ts';
