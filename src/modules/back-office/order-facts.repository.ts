import { Repository } from '../../platform/db/repository.ts';
import { Order, Transaction } from '../orders/index.ts';
import { CardAuthorization } from '../payments/index.ts';
import type { OrderActionFacts } from './order-actions.ts';

/**
 * The facts order-actions.ts judges orders by, for many orders at once (a page of a dashboard): the same rows
 * refund-facts.ts and the capture and void commands read for one order under its lock, in six statements
 * whatever the number of orders.
 */
export class OrderFactsRepository extends Repository {
  async factsOf(
    projectId: string,
    orderIds: readonly string[],
    context: { at: Date; hasAcquirer: (order: Order) => boolean },
  ): Promise<Map<string, OrderActionFacts>> {
    const facts = new Map<string, OrderActionFacts>();
    if (orderIds.length === 0) return facts;
    const byCreation = { orderBy: { createdAt: 'asc', id: 'asc' } } as const;
    const orders = await this.em.find(Order, { id: { $in: [...orderIds] }, projectId });
    if (orders.length === 0) return facts;
    const ids = orders.map((order) => order.id);
    const [transactions, related] = await Promise.all([
      this.em.find(Transaction, { orderId: { $in: ids } }, byCreation),
      this.em.find(Order, { relatedOrderId: { $in: ids } }, byCreation),
    ]);
    const transactionIds = transactions.map((t) => t.id);
    const chargebackIds = related.filter((o) => o.kind === 'chargeback').map((o) => o.id);
    // As refund.repository.ts `refundsOfPaymentsIn`: only an order paid twice needs its refunds' transactions.
    const paidTwice = new Set(orders.filter((o) => o.status === 'see-transactions').map((o) => o.id));
    const paidTwiceTransactions = transactions.filter((t) => paidTwice.has(t.orderId)).map((t) => t.id);
    const [captures, reversals, followUps, authorizations] = await Promise.all([
      transactionIds.length
        ? this.em.find(Transaction, { captureOfTransactionId: { $in: transactionIds } })
        : [],
      chargebackIds.length
        ? this.em.find(Order, { relatedOrderId: { $in: chargebackIds }, kind: 'reversal' }, byCreation)
        : [],
      paidTwiceTransactions.length
        ? this.em.find(Transaction, { refundOfTransactionId: { $in: paidTwiceTransactions } })
        : [],
      transactionIds.length
        ? this.em.find(CardAuthorization, { transactionId: { $in: transactionIds } })
        : [],
    ]);
    for (const order of orders) {
      const own = transactions.filter((t) => t.orderId === order.id);
      const ownIds = new Set(own.map((t) => t.id));
      const relatedOrders = related.filter((o) => o.relatedOrderId === order.id);
      const ownChargebacks = new Set(relatedOrders.filter((o) => o.kind === 'chargeback').map((o) => o.id));
      facts.set(order.id, {
        order,
        transactions: own,
        relatedOrders,
        captures: captures.filter((c) => ownIds.has(c.captureOfTransactionId!)),
        reversals: reversals.filter((r) => ownChargebacks.has(r.relatedOrderId!)),
        followUps: followUps.filter((f) => ownIds.has(f.refundOfTransactionId!)),
        authorizations: new Map(
          authorizations.filter((a) => ownIds.has(a.transactionId)).map((a) => [a.transactionId, a]),
        ),
        at: context.at,
        hasAcquirer: context.hasAcquirer(order),
      });
    }
    return facts;
  }
}
