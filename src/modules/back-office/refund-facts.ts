import type { Order, OrderRepository } from '../orders/index.ts';
import type { RefundRepository } from './refund.repository.ts';
import type { RefundFacts } from './refund-rules.ts';

/**
 * Everything refund-rules.ts judges an order by, read while the caller holds the order's row lock: its
 * transactions, the orders made from it, captures, reversals of its chargebacks, and (for an order paid twice)
 * which payment each refund gave back on. `paymentId` is the payment the caller names, if any.
 */
export async function loadRefundFacts(
  repositories: { orders: OrderRepository; refunds: RefundRepository },
  original: Order,
  paymentId?: string,
): Promise<RefundFacts> {
  const { orders, refunds } = repositories;
  const transactions = await orders.transactionsOf(original.id);
  const relatedOrders = await orders.relatedOrdersOf(original.id);
  const captures = await refunds.capturesOf(transactions.map((t) => t.id));
  const chargebackIds = relatedOrders.filter((o) => o.kind === 'chargeback').map((o) => o.id);
  const reversals = await refunds.ordersFrom(chargebackIds, 'reversal');
  const followUps = await refunds.refundsOfPaymentsIn(original, transactions);
  return { order: original, transactions, relatedOrders, captures, reversals, paymentId, followUps };
}
