import type { DomainError } from '../../platform/errors/domain-error.ts';
import { orderFinal, orderHasPayment, orderNotUpdatable, paymentInProgress } from './errors.ts';
import type { Order } from './order.entity.ts';
import { isFinalOrderStatus, isSucceededTransactionStatus } from './state-machine.ts';
import type { Transaction } from './transaction.entity.ts';

/**
 * Why the merchant may not cancel the order now (`PUT /v1/orders/{id}/` with `status: "cancelled"`, GraphQL
 * `updateOrder(cancel: true)`), or null when it may: a payment order that is not final and has no accepted
 * payment and no payment still being decided, as a shop does when its customer abandons checkout. update-order.ts refuses with it and the order's
 * `availableActions` lists `CANCEL` exactly when it is null (back-office/order-actions.ts): one owner.
 */
export function merchantCancelRefusal(
  order: Pick<Order, 'kind' | 'status'>,
  transactions: readonly Pick<Transaction, 'status'>[],
): DomainError | null {
  if (order.kind !== 'payment') return orderNotUpdatable(order.kind);
  if (isFinalOrderStatus(order.status)) return orderFinal(order.status);
  if (transactions.some((transaction) => isSucceededTransactionStatus(transaction.status))) {
    return orderHasPayment();
  }
  // The acquirer (or the bank) has the attempt and may still approve it: cancelling now would leave that
  // approval held with nobody to release it. Its answer, or the completer, ends the attempt first.
  if (transactions.some((transaction) => transaction.status === 'processing')) return paymentInProgress();
  return null;
}
