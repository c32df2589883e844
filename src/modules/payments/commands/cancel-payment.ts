import { changeTransactionStatus } from '../../orders/index.ts';
import type { PaymentDeps } from '../deps.ts';
import { withLockedCardPayment } from '../locked-payment.ts';
import { type PaymentPageState, pageStateOf } from './load-payment-page.ts';

/** `reason` of a card (or wallet) transaction the customer cancelled on the payment page. */
export const CANCELLED_BY_CUSTOMER = 'cancelled_by_customer';

/**
 * The customer pressed "Cancel" on the payment page (the 3-D Secure challenge, or the card form of a first
 * one-click payment): the transaction becomes `cancelled` without an acquirer call, and its authorization, if
 * any, is recorded as not authenticated. An own-checkout order follows its transaction (`cancelled`); a hosted
 * order stays open (`processing`) so the customer can try again on the order page or cancel the order there.
 * A cancel after the payment ended changes nothing.
 */
export async function cancelPayment(deps: PaymentDeps, transactionId: string): Promise<PaymentPageState> {
  return withLockedCardPayment(deps, transactionId, async (_uow, locked) => {
    const { writes, orders, order, transactions, transaction, authorization } = locked;
    const before = pageStateOf(order, transaction, authorization);
    if (before.kind !== 'challenge' && before.kind !== 'card_form') return before;

    const at = deps.now();
    if (authorization) {
      authorization.result = 'authentication_failed';
      authorization.modifiedAt = at;
    }
    transaction.reason = CANCELLED_BY_CUSTOMER;
    transaction.modifiedAt = at;
    changeTransactionStatus(
      { orders, at, source: 'customer' },
      order,
      transactions,
      transaction,
      'cancelled',
    );
    await writes.save(orders);
    return pageStateOf(order, transaction, authorization);
  });
}
