import { customerReturnUrl, isFinalOrderStatus, orderRetryUrl, orderUrl } from '../orders/index.ts';
import type { BankPageState } from './commands/bank-payment.ts';

/**
 * Where the customer goes once the bank's page is done (spec 3.1 rules 2 and 5): `return_url` when paid,
 * `failure_url` (falling back to `return_url`) when not, with `?order_id=`. A hosted order whose attempt failed
 * is still open: back to its page, to try again. Without a URL, the order page shows the outcome.
 */
export function afterBank(baseUrl: string, state: BankPageState & { kind: 'finished' }): string {
  const { order, transaction, succeeded } = state;
  if (order.checkout === 'hosted' && !succeeded && !isFinalOrderStatus(order.status)) {
    return orderRetryUrl(baseUrl, order.id, transaction.id);
  }
  return customerReturnUrl(order, succeeded) ?? orderUrl(baseUrl, order.id);
}
