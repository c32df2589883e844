import type { Order, Transaction } from '../orders/index.ts';
import { customerReturnUrl, isFinalOrderStatus, orderRetryUrl, orderUrl } from '../orders/index.ts';
import type { AuthorizationKind, PaymentPageState } from '../payments/index.ts';

/**
 * Where the customer goes next (spec 3.1 rules 2 and 5). A hosted order is judged by the ORDER status: after a
 * failed attempt it is still open, so the customer goes back to the order page to try again; only a final
 * status sends them to the shop (`return_url` when paid; `failure_url`, falling back to `return_url`, when
 * cancelled, expired or failed; always with `?order_id=`). With neither URL the hosted order page itself shows
 * the outcome. An own checkout follows its one transaction. The redirect is never proof of payment.
 */

/** After the order reached a final status (or was found in one). */
export function afterFinalStatus(baseUrl: string, order: Order): string {
  return customerReturnUrl(order, order.status === 'completed') ?? orderUrl(baseUrl, order.id);
}

/** After a card attempt on the order page. */
export function afterCardAttempt(
  baseUrl: string,
  attempt: { result: AuthorizationKind; order: Order; transaction: Transaction; payingAgain?: boolean },
): string {
  const { result, order, transaction } = attempt;
  // Paid: to return_url, also when an earlier attempt still waits for the acquirer (`see-transactions`).
  if (result === 'approved') return customerReturnUrl(order, true) ?? orderUrl(baseUrl, order.id);
  if (result === 'challenge_required' && transaction.paymentUrl) return transaction.paymentUrl;
  if (isFinalOrderStatus(order.status)) return afterFinalStatus(baseUrl, order);
  // Taken by the acquirer, answered later: the order page says so.
  if (result === 'pending') return orderUrl(baseUrl, order.id);
  const retry = orderRetryUrl(baseUrl, order.id, transaction.id);
  // Still paying another way: the page keeps the form rather than going back to waiting.
  return attempt.payingAgain ? `${retry}&pay_again=1` : retry;
}

/**
 * After the payment page (`payment_url`) found its payment over. Null: stay here and show the result page
 * (an own checkout whose shop gave no URL).
 */
export function afterPaymentPage(
  baseUrl: string,
  state: PaymentPageState & { kind: 'finished' },
): string | null {
  const { order, transaction, succeeded } = state;
  if (order.checkout !== 'hosted') return state.returnUrl;
  if (!succeeded && !isFinalOrderStatus(order.status))
    return orderRetryUrl(baseUrl, order.id, transaction.id);
  return customerReturnUrl(order, succeeded) ?? orderUrl(baseUrl, order.id);
}

/** Origins a form post of a page may be redirected to: the browser checks them against CSP `form-action`. */
export function formTargetsOf(order: Pick<Order, 'returnUrl' | 'failureUrl'>): (string | null | undefined)[] {
  return [order.returnUrl, order.failureUrl];
}
