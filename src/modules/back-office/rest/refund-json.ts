import type { Order } from '../../orders/index.ts';

type RefundListItemJson = Record<string, unknown>;

/** One item of the refund list (spec 4.4); like every order field, an absent value is left out. */
export function presentRefundListItem(order: Order): RefundListItemJson {
  const json: RefundListItemJson = {
    id: order.id,
    amount: order.amount,
    currency: order.currency,
    created: order.createdAt.toISOString(),
    completed: order.completedAt?.toISOString(),
    description: order.description,
    flags: order.flags,
    merchant_order_id: order.merchantOrderId,
    refund_of_order_id: order.relatedOrderId,
    status: order.status,
  };
  return Object.fromEntries(
    Object.entries(json).filter(([, value]) => value !== null && value !== undefined),
  );
}
