import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import type { OrderView } from '../../orders/index.ts';
import { OrderRepository } from '../../orders/index.ts';
import { RefundRepository } from '../refund.repository.ts';

/** The refund orders of one of the caller's orders, oldest first (spec 4.4); another project's order is 404. */
export async function listRefunds(deps: Deps, actor: Actor, orderId: string): Promise<OrderView[]> {
  return deps.db.read(async (uow) => {
    const orders = new OrderRepository(uow);
    const order = await orders.findOrder(actor.projectId, orderId);
    if (!order) throw notFound('Order', 'order_id');
    return orders.loadViews(await new RefundRepository(uow).refundOrdersOf([order.id]));
  });
}

/**
 * The refund orders of each of `orderIds`, in their order (GraphQL's `Order.refunds` loader: the orders are the
 * caller's already, each resolved as the parent of the field), in one round of queries.
 */
export async function listRefundsOfOrders(
  deps: Pick<Deps, 'db'>,
  orderIds: readonly string[],
): Promise<OrderView[][]> {
  return deps.db.read(async (uow) => {
    const refundOrders = await new RefundRepository(uow).refundOrdersOf([...orderIds]);
    const views = await new OrderRepository(uow).loadViews(refundOrders);
    return orderIds.map((id) => views.filter((view) => view.order.relatedOrderId === id));
  });
}
