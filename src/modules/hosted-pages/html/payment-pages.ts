import { THREE_D_SECURE_TEST_CHALLENGE_CODE } from '../../payments/index.ts';
import type { CardFormProblem } from '../card-form-input.ts';
import type { OrderPageFacts } from '../page-for-state.ts';
import { cardForm } from './card-form.ts';
import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';
import { amountOf, orderSummary, type PageContext } from './state-page.ts';

function cancelForm(actionUrl: string, csrfToken: string, label: string): SafeHtml {
  return html`<form method="post" action="${actionUrl}" class="cancel-form">
<input type="hidden" name="_csrf" value="${csrfToken}">
<button type="submit" class="button button-secondary">${label}</button>
</form>`;
}

export interface ChallengePageParams {
  facts: OrderPageFacts;
  /** `411111******1111` of the card being authenticated, when known. */
  truncatedPan: string | null;
  csrfToken: string;
  challengeActionUrl: string;
  cancelActionUrl: string;
}

/**
 * The simulated issuer's 3-D Secure challenge (`payment_url`): styled as the bank's page, with what is being
 * paid, a one-time code and a cancel. Test projects are told the test code.
 */
export function challengePage(ctx: PageContext, params: ChallengePageParams): SafeHtml {
  const { t } = ctx.locale;
  const { facts } = params;
  const last4 = params.truncatedPan?.slice(-4);
  const hint = facts.isTest
    ? html`<p id="code-hint" class="test-hint">${t('challenge.test_hint', { code: THREE_D_SECURE_TEST_CHALLENGE_CODE })}</p>`
    : '';
  return layout({
    baseUrl: ctx.baseUrl,
    locale: ctx.locale,
    title: t('challenge.title'),
    isTest: facts.isTest,
    body: html`<section class="issuer" aria-labelledby="challenge-heading">
<p class="issuer-header">${t('challenge.bank')}</p>
<div class="issuer-body">
<h1 id="challenge-heading">${t('challenge.title')}</h1>
<dl class="purchase">
<dt>${t('challenge.merchant')}</dt><dd>${facts.merchantName}</dd>
<dt>${t('challenge.amount')}</dt><dd>${amountOf(ctx, facts)}</dd>
${facts.order.description ? html`<dt>${t('order.description')}</dt><dd>${facts.order.description}</dd>` : ''}
${last4 ? html`<dt>${t('challenge.card')}</dt><dd>${t('challenge.card_ending', { last4 })}</dd>` : ''}
</dl>
<p>${t('challenge.intro')}</p>
${hint}
<form method="post" action="${params.challengeActionUrl}">
<input type="hidden" name="_csrf" value="${params.csrfToken}">
<div class="field">
<label for="code">${t('challenge.code')}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="16" required class="input-short"${facts.isTest ? html` aria-describedby="code-hint"` : ''}>
</div>
<button type="submit" class="button">${t('challenge.confirm')}</button>
</form>
<div class="actions">${cancelForm(params.cancelActionUrl, params.csrfToken, t('challenge.cancel'))}</div>
</div>
</section>`,
  });
}

export interface FirstCardPageParams {
  facts: OrderPageFacts;
  csrfToken: string;
  cardActionUrl: string;
  cancelActionUrl: string;
  problems?: readonly CardFormProblem[];
  echo?: { expiry?: string; name?: string };
}

/** The card form of a first one-click payment (spec 4.16): the card is stored and the amount (maybe 0) paid. */
export function firstCardPage(ctx: PageContext, params: FirstCardPageParams): SafeHtml {
  const { t } = ctx.locale;
  const { facts } = params;
  const verifyOnly = facts.order.amount === 0;
  return layout({
    baseUrl: ctx.baseUrl,
    locale: ctx.locale,
    title: verifyOnly ? t('first.title') : t('page.title', { merchant: facts.merchantName }),
    isTest: facts.isTest,
    cardScript: true,
    body: html`<section class="panel">
${orderSummary(ctx, facts, verifyOnly ? 'first.title' : 'order.heading')}
</section>
<section class="panel" aria-labelledby="card-heading">
<h2 id="card-heading">${t('card.heading')}</h2>
${cardForm({
  t,
  actionUrl: params.cardActionUrl,
  csrfToken: params.csrfToken,
  submitLabel: verifyOnly ? t('card.verify') : t('card.pay', { amount: amountOf(ctx, facts) }),
  problems: params.problems,
  echo: params.echo,
})}
</section>
${cancelForm(params.cancelActionUrl, params.csrfToken, t('order.cancel'))}`,
  });
}
