import type { z } from 'zod';
import type { Order } from '../../orders/index.ts';
import type { refundListItemSchema } from './refund-contracts.ts';

/** The response schema's type: a field missing from either side does not compile. */
type RefundListItemJson = z.input<typeof refundListItemSchema>;
/** Before the absent fields are left out, any of them may be null or undefined. */
type Presented<Json> = { [K in keyof Json & string]: Json[K] | null | undefined };

/** One item of the refund list (spec 4.4); like every order field, an absent value is left out. */
export function presentRefundListItem(order: Order): RefundListItemJson {
  const json: Presented<RefundListItemJson> = {
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
  // What is left out is optional in the schema, or the compiler would have refused a null above.
  return Object.fromEntries(
    Object.entries(json).filter(([, value]) => value !== null && value !== undefined),
  ) as RefundListItemJson;
}
