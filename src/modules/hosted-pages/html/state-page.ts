import { formatAmount, type PageLocale } from '../i18n/locale.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { ClosedOutcome, OrderPageFacts } from '../page-for-state.ts';
import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';

export interface PageContext {
  baseUrl: string;
  locale: PageLocale;
}

export function amountOf(ctx: PageContext, facts: OrderPageFacts): string {
  return formatAmount(facts.order.amount, facts.order.currency, ctx.locale.locale);
}

/** Who is paid, how much, for what: the top of every page about an order. Merchant texts are escaped. */
export function orderSummary(ctx: PageContext, facts: OrderPageFacts, headingKey: MessageKey): SafeHtml {
  const { t } = ctx.locale;
  const { description } = facts.order;
  return html`<p class="merchant">${t('order.merchant', { merchant: facts.merchantName })}</p>
<h1>${t(headingKey, { amount: amountOf(ctx, facts) })}</h1>
${description ? html`<p class="description"><span class="visually-hidden">${t('order.description')}: </span>${description}</p>` : ''}`;
}

export interface StatePageParams {
  /** Absent for an unknown order or payment. */
  facts?: OrderPageFacts;
  titleKey: MessageKey;
  bodyKey: MessageKey;
  /** Links for the customer: back to the shop, on to the bank. */
  links?: { href: string; label: string }[];
  titleClass?: string;
  /** The test banner on a page about no order (a test project's payment link); with `facts`, theirs decides. */
  isTest?: boolean;
}

/** A page that only says where things stand: paid, cancelled, expired, failed, unknown. Never a form. */
export function statePage(ctx: PageContext, params: StatePageParams): SafeHtml {
  const { t } = ctx.locale;
  const { facts } = params;
  const amount = facts
    ? html`<p class="merchant">${t('order.merchant', { merchant: facts.merchantName })} · ${amountOf(ctx, facts)}</p>
${facts.order.description ? html`<p class="description">${facts.order.description}</p>` : ''}`
    : '';
  const links = params.links?.length
    ? html`<div class="actions">${params.links.map((link) => html`<a class="button" href="${link.href}">${link.label}</a>`)}</div>`
    : '';
  return layout({
    baseUrl: ctx.baseUrl,
    locale: ctx.locale,
    title: t(params.titleKey),
    isTest: facts?.isTest ?? params.isTest ?? false,
    body: html`<section class="panel">
<h1${params.titleClass ? html` class="${params.titleClass}"` : ''}>${t(params.titleKey)}</h1>
${amount}
<p>${t(params.bodyKey)}</p>
${links}
</section>`,
  });
}

const CLOSED: Readonly<Record<ClosedOutcome, { title: MessageKey; body: MessageKey }>> = {
  completed: { title: 'state.completed.title', body: 'state.completed.body' },
  cancelled: { title: 'state.cancelled.title', body: 'state.cancelled.body' },
  expired: { title: 'state.expired.title', body: 'state.expired.body' },
  failed: { title: 'state.failed.title', body: 'state.failed.body' },
};

/** The outcome of an order (or of an own-checkout payment), with a way back to the shop when it gave one. */
export function outcomePage(
  ctx: PageContext,
  facts: OrderPageFacts,
  outcome: ClosedOutcome,
  backUrl: string | null,
): SafeHtml {
  const { t } = ctx.locale;
  return statePage(ctx, {
    facts,
    titleKey: CLOSED[outcome].title,
    bodyKey: CLOSED[outcome].body,
    titleClass: outcome === 'completed' ? 'state-title-completed' : undefined,
    links: backUrl
      ? [{ href: backUrl, label: t('state.back_to_shop', { merchant: facts.merchantName }) }]
      : [],
  });
}
