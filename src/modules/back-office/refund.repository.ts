import { Repository } from '../../platform/db/repository.ts';
import { isUuidText } from '../../platform/validation/uuid.ts';
import { Order, Transaction } from '../orders/index.ts';

/** Queries refunds need beyond OrderRepository's. */
export class RefundRepository extends Repository {
  /** Captures (wherever they are recorded) of the given authorized transactions. */
  capturesOf(transactionIds: string[]): Promise<Transaction[]> {
    if (transactionIds.length === 0) return Promise.resolve([]);
    return this.em.find(Transaction, { captureOfTransactionId: { $in: transactionIds } });
  }

  /** Orders of `kind` created from the given orders (e.g. the reversals of chargebacks), oldest first. */
  ordersFrom(orderIds: string[], kind: Order['kind']): Promise<Order[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.em.find(
      Order,
      { relatedOrderId: { $in: orderIds }, kind },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  /** A transaction by our id, whichever project it belongs to: an acquirer's notice names only the transaction. */
  findTransaction(transactionId: string): Promise<Transaction | null> {
    if (!isUuidText(transactionId)) return Promise.resolve(null);
    return this.em.findOne(Transaction, { id: transactionId });
  }

  /**
   * The refund transactions of an order's payments, which say which payment each gives back on. Read only for
   * an order the customer paid twice (`see-transactions`), where each payment is refunded on its own; any other
   * order has one payment, so its refund orders say enough (no extra statement).
   */
  refundsOfPaymentsIn(order: Order, transactions: Transaction[]): Promise<Transaction[]> {
    if (order.status !== 'see-transactions' || transactions.length === 0) return Promise.resolve([]);
    return this.em.find(Transaction, { refundOfTransactionId: { $in: transactions.map((t) => t.id) } });
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

  /**
   * Refunds left unfinished (`new` or `processing`) and untouched since `before`: what a killed request, or an
   * acquirer that did not answer, left for the completer. Any project's: the completer works for all of them.
   */
  async unfinishedRefunds(before: Date, limit: number): Promise<{ projectId: string; orderId: string }[]> {
    const rows = await this.query<{ project_id: string; order_id: string }>(
      `select project_id, order_id from transactions
        where refund_of_transaction_id is not null and status in ('new', 'processing') and modified_at < $1
        order by modified_at limit $2`,
      [before, limit],
    );
    return rows.map((row) => ({ projectId: row.project_id, orderId: row.order_id }));
  }
}
