import type { OrderPageFacts } from '../../hosted-pages/index.ts';
import { html, layout, orderSummary, type PageContext, type SafeHtml } from '../../hosted-pages/index.ts';
import { BANK_OUTCOMES, type BankOutcome } from '../bank-outcome.ts';

const BUTTON_LABEL = { approve: 'bank.approve', cancel: 'bank.cancel', fail: 'bank.fail' } as const;

/**
 * The simulated bank's page (test projects): who is paid, how much, the bank the shop named, and one button per
 * outcome. Each button posts the outcome with the page's CSRF token.
 */
export function bankPage(
  ctx: PageContext,
  params: { facts: OrderPageFacts; issuer: string | null; actionUrl: string; csrfToken: string },
): SafeHtml {
  const { t } = ctx.locale;
  const button = (outcome: BankOutcome) => html`<form method="post" action="${params.actionUrl}">
<input type="hidden" name="_csrf" value="${params.csrfToken}">
<input type="hidden" name="outcome" value="${outcome}">
<button type="submit" class="button${outcome === 'approve' ? '' : ' link-button'}">${t(BUTTON_LABEL[outcome])}</button>
</form>`;
  return layout({
    baseUrl: ctx.baseUrl,
    locale: ctx.locale,
    title: t('bank.title'),
    isTest: params.facts.isTest,
    body: html`<section class="panel">
<p class="merchant">${t('bank.title')}</p>
${orderSummary(ctx, params.facts, 'bank.heading')}
${params.issuer ? html`<p>${t('bank.issuer', { issuer: params.issuer })}</p>` : ''}
<p class="note">${t('bank.explain')}</p>
<div class="actions">${BANK_OUTCOMES.map(button)}</div>
</section>`,
  });
}
