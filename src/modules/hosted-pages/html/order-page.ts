import { CREDIT_CARD } from '../../payments/index.ts';
import type { CardFormProblem } from '../card-form-input.ts';
import { isMessageKey, type MessageKey, type Translate } from '../i18n/messages.ts';
import type { FailedAttempt, OrderPageFacts } from '../page-for-state.ts';
import { cardForm } from './card-form.ts';
import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';
import { amountOf, orderSummary, type PageContext } from './state-page.ts';

/** What the customer reads after a failed attempt; the reason never says more than the bank's category. */
export function attemptMessageKey(attempt: FailedAttempt): MessageKey {
  if (attempt.status === 'cancelled') return 'attempt.cancelled';
  if (attempt.status === 'error') return 'attempt.error';
  switch (attempt.reason) {
    case 'insufficient_funds':
      return 'attempt.insufficient_funds';
    case 'invalid_card_number':
    case 'expired_card':
      return 'attempt.invalid_card';
    case 'authentication_failed':
    // The 3-D Secure challenge was not answered in time (THREE_D_SECURE_CHALLENGE_TIMEOUT).
    case 'authentication_timeout':
      return 'attempt.authentication_failed';
    case 'cancelled_by_customer':
      return 'attempt.cancelled';
    case 'processor_error':
      return 'attempt.error';
    default:
      return 'attempt.declined';
  }
}

export interface OrderPageParams {
  facts: OrderPageFacts;
  csrfToken: string;
  cardActionUrl: string;
  /** Where a bank-redirect method's button posts (iDEAL). */
  methodActionUrl: (method: string) => string;
  cancelActionUrl: string;
  /** A message for the whole form (a failed attempt, card payments unavailable), shown as an alert. */
  alertKey?: MessageKey | null;
  problems?: readonly CardFormProblem[];
  echo?: { expiry?: string; name?: string };
  /** Paying another way while an earlier attempt waits for the acquirer: no "Cancel payment" (it could not). */
  payingAgain?: boolean;
}

/**
 * The hosted payment page of an order (`order_url`): merchant, amount, description, the methods the order
 * allows, the card form, and a way to cancel. Wallet buttons are shown but unavailable here: wallet payments on
 * this page are not wired up in this build.
 */
export function orderPage(ctx: PageContext, params: OrderPageParams): SafeHtml {
  const { t } = ctx.locale;
  const { facts } = params;
  // The card is paid with the form below; a bank redirect (iDEAL) is a button that sends the customer to the
  // bank; every other method the order offers is a button not available here.
  const redirects = facts.methods.filter((method) => facts.redirects.includes(method));
  const wallets = facts.methods.filter(
    (method) => method !== CREDIT_CARD && !facts.redirects.includes(method),
  );
  const card = facts.methods.includes(CREDIT_CARD);
  const alert = params.alertKey
    ? html`<p class="alert" role="alert" id="attempt-message">${t(params.alertKey)}</p>`
    : '';
  const walletButtons = wallets.length
    ? html`<div class="wallets">${wallets.map(
        (method) => html`<div>
<button type="button" class="button wallet-button" disabled aria-describedby="${method}-note">${methodLabel(t, method)}</button>
<p id="${method}-note" class="note">${t('wallet.unavailable')}</p>
</div>`,
      )}</div>`
    : '';
  const redirectButtons = redirects.length
    ? html`<div class="wallets">${redirects.map(
        (method) => html`<form method="post" action="${params.methodActionUrl(method)}">
<input type="hidden" name="_csrf" value="${params.csrfToken}">
<button type="submit" class="button wallet-button">${methodLabel(t, method)}</button>
</form>`,
      )}</div>`
    : '';
  const cardSection = card
    ? html`<h3>${t('card.heading')}</h3>
${cardForm({
  t,
  actionUrl: params.cardActionUrl,
  csrfToken: params.csrfToken,
  submitLabel: t('card.pay', { amount: amountOf(ctx, facts) }),
  problems: params.problems,
  echo: params.echo,
  payingAgain: params.payingAgain,
})}`
    : redirects.length
      ? ''
      : html`<p>${t('order.no_methods')}</p>`;

  const cancelForm = html`<form method="post" action="${params.cancelActionUrl}" class="cancel-form">
<input type="hidden" name="_csrf" value="${params.csrfToken}">
<button type="submit" class="link-button">${t('order.cancel')}</button>
</form>`;

  return layout({
    baseUrl: ctx.baseUrl,
    locale: ctx.locale,
    title: t('page.title', { merchant: facts.merchantName }),
    isTest: facts.isTest,
    cardScript: card,
    body: html`<section class="panel">
${orderSummary(ctx, facts, 'order.heading')}
</section>
${alert}
<section class="panel" aria-labelledby="methods-heading">
<h2 id="methods-heading">${t('order.choose_method')}</h2>
${redirectButtons}
${walletButtons}
${cardSection}
</section>
${params.payingAgain ? '' : cancelForm}`,
  });
}

/** A method's name in the page's language (`wallet.<id>`); a method without one shows its id. */
function methodLabel(t: Translate, method: string): string {
  const key = `wallet.${method}`;
  return isMessageKey(key) ? t(key) : method;
}
