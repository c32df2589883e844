import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { OrderRepository } from '../../orders/order.repository.ts';
import { changeTransactionStatus } from '../../orders/status-changes.ts';
import { PaymentRepository } from '../payment.repository.ts';
import { CARD_PAYMENT_METHODS } from '../payment-urls.ts';
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
export async function cancelPayment(deps: Deps, transactionId: string): Promise<PaymentPageState> {
  // Found on a fork of its own, so that everything read under the order's lock below is fresh.
  const located = await deps.db.read((em) => new PaymentRepository(em).findTransactionById(transactionId));
  if (!located || !CARD_PAYMENT_METHODS.includes(located.paymentMethod)) throw notFound('Payment');
  return deps.db.transaction(async (em) => {
    const payments = new PaymentRepository(em);
    const orders = new OrderRepository(em);
    const order = await orders.lockOrder(null, located.orderId);
    const transactions = order ? await orders.transactionsOf(order.id) : [];
    const transaction = transactions.find((t) => t.id === transactionId);
    if (!order || !transaction) throw notFound('Payment');
    const authorization = await payments.findAuthorization(transaction.id);
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
    await orders.flush();
    return pageStateOf(order, transaction, authorization);
  });
}
