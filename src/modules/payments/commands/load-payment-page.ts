import { notFound } from '../../../platform/errors/domain-error.ts';
import type { Order, Transaction } from '../../orders/index.ts';
import {
  customerReturnUrl,
  isFinalOrderStatus,
  isOpenTransactionStatus,
  isSucceededTransactionStatus,
  OrderRepository,
} from '../../orders/index.ts';
import type { PaymentDeps } from '../deps.ts';
import { PaymentRepository } from '../payment.repository.ts';

/**
 * What the customer's payment page (`payment_url`) shows for a card transaction:
 * - `challenge`: the 3-D Secure challenge the issuer asked for;
 * - `card_form`: a first one-click transaction still waiting for the card;
 * - `finished`: the payment is over, so the customer goes back to the shop (or sees the result here);
 * - `waiting`: nothing for the customer to do (the shop is processing the payment itself).
 */
export type PaymentPageState =
  | { kind: 'challenge'; order: Order; transaction: Transaction; isTest: boolean }
  | { kind: 'card_form'; order: Order; transaction: Transaction }
  | { kind: 'finished'; order: Order; transaction: Transaction; succeeded: boolean; returnUrl: string | null }
  | { kind: 'waiting'; order: Order; transaction: Transaction };

export async function loadPaymentPage(deps: PaymentDeps, transactionId: string): Promise<PaymentPageState> {
  return deps.db.read(async (uow) => {
    const payments = new PaymentRepository(uow);
    const transaction = await payments.findTransactionById(transactionId);
    const order = transaction ? await new OrderRepository(uow).findOrderById(transaction.orderId) : null;
    if (!transaction || !order || !deps.paymentMethods.authorizesCard(transaction.paymentMethod))
      throw notFound('Payment');
    return pageStateOf(order, transaction, await payments.findAuthorization(transaction.id));
  });
}

export function pageStateOf(
  order: Order,
  transaction: Transaction,
  authorization: { result: string } | null,
): PaymentPageState {
  if (!isOpenTransactionStatus(transaction.status) || isFinalOrderStatus(order.status)) {
    const succeeded = isSucceededTransactionStatus(transaction.status);
    return {
      kind: 'finished',
      order,
      transaction,
      succeeded,
      returnUrl: customerReturnUrl(order, succeeded),
    };
  }
  if (transaction.status === 'pending' && authorization?.result === 'challenge_required') {
    return { kind: 'challenge', order, transaction, isTest: order.flags.includes('is-test') };
  }
  const isFirst = transaction.paymentMethodDetails.one_click_type === 'first';
  if (transaction.status === 'new' && isFirst && !transaction.setupTokenUsedAt) {
    return { kind: 'card_form', order, transaction };
  }
  return { kind: 'waiting', order, transaction };
}
