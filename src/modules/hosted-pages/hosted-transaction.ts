import { randomUUID } from 'node:crypto';
import type { Order } from '../orders/order.entity.ts';
import { Transaction } from '../orders/transaction.entity.ts';

/**
 * A payment attempt the customer starts on the order page: a transaction of the whole order amount with its
 * own single-use setup token, exactly as an own-checkout transaction is created through the API. The caller
 * records it with `recordNewTransaction` in the unit of work that holds the order's lock.
 */
export function newHostedTransaction(order: Order, paymentMethod: string, at: Date): Transaction {
  return Object.assign(new Transaction(), {
    id: randomUUID(),
    orderId: order.id,
    projectId: order.projectId,
    amount: order.amount,
    currency: order.currency,
    creditDebit: null,
    paymentMethod,
    paymentMethodBrand: null,
    paymentMethodDetails: {},
    captureMode: 'automatic' as const,
    isCapturable: false,
    outcomes: null,
    reason: null,
    paymentUrl: null,
    setupToken: randomUUID(),
    setupTokenUsedAt: null,
    refundOfTransactionId: null,
    voidOfTransactionId: null,
    captureOfTransactionId: null,
    createdAt: at,
    modifiedAt: at,
  });
}
