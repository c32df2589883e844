import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { OrderRepository } from '../order.repository.ts';
import type { OrderView } from '../order-view.ts';

/** Retrieves one of the caller's orders with all its transactions; any other id is simply not found. */
export async function getOrder(deps: Deps, actor: Actor, orderId: string): Promise<OrderView> {
  return deps.db.read(async (uow) => {
    const orders = new OrderRepository(uow);
    const order = await orders.findOrder(actor.projectId, orderId);
    if (!order) throw notFound('Order', 'order_id');
    return orders.loadView(order);
  });
}
