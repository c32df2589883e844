import { Repository } from '../../platform/db/repository.ts';
import { Order } from '../orders/order.entity.ts';
import { Transaction } from '../orders/transaction.entity.ts';

/** Queries refunds need beyond OrderRepository's. */
export class RefundRepository extends Repository {
  /** Captures (wherever they are recorded) of the given authorized transactions. */
  capturesOf(transactionIds: string[]): Promise<Transaction[]> {
    if (transactionIds.length === 0) return Promise.resolve([]);
    return this.em.find(Transaction, { captureOfTransactionId: { $in: transactionIds } });
  }

  /** The refund orders of the given original orders, oldest first. */
  refundOrdersOf(orderIds: string[]): Promise<Order[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.em.find(
      Order,
      { relatedOrderId: { $in: orderIds }, kind: 'refund' },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }
}
