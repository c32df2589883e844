import { invalid } from '../../platform/errors/domain-error.ts';
import type { PaymentMethodDetailsInput, PaymentMethodHandler } from '../orders/index.ts';

export const IDEAL = 'ideal';
/** The method of the refund transaction of an iDEAL payment: the money goes back to the account that paid. */
export const IDEAL_REFUND = 'ideal-refund';

/**
 * The bank's page of an iDEAL transaction, its `payment_url`. In test projects it is the simulated bank
 * (pages/bank-page-routes.ts), where the customer chooses the outcome.
 */
export function idealBankPageUrl(baseUrl: string, transactionId: string): string {
  return `${baseUrl}/ideal/bank/${transactionId}/`;
}

/**
 * iDEAL: a bank redirect, the shop plugins' default method. The customer is sent to the bank's page
 * (`payment_url`), approves or cancels there, and comes back to `return_url`/`failure_url`; the transaction and
 * order statuses, events, webhooks and expiry go through the orders module's state machine like any other
 * method's. EUR only; no setup token, no card. Test projects pay on the simulated bank; live projects have no
 * bank connection yet (422 `bank_not_connected`).
 */
export const idealPaymentMethod: PaymentMethodHandler = {
  id: IDEAL,
  issuesSetupToken: false,
  authorizesCard: false,
  currencies: ['EUR'],
  refundMethod: IDEAL_REFUND,
  redirect: { pageUrl: idealBankPageUrl, modes: ['test'] },
  checkDetails: checkIdealDetails,
};

/** Only `issuer_id` goes with an iDEAL transaction; card fields are refused where they were sent. */
export function checkIdealDetails(details: PaymentMethodDetailsInput | undefined, field: string): void {
  if (!details) return;
  const cardField = Object.keys(details).find((key) => key !== 'issuer_id');
  if (cardField) throw invalid(`${field}.${cardField}`, 'is only for credit-card transactions');
}
