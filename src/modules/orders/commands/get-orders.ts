import type { Deps } from '../../../platform/deps.ts';
import { OrderRepository } from '../order.repository.ts';
import type { OrderView } from '../order-view.ts';

/**
 * Several orders of their projects at once, in one read whatever their number: for a live feed that answers
 * many subscribers (and many projects) with one read per batch of events. A key whose order is missing or
 * belongs to another project gets null.
 */
export async function getOrdersOfProjects(
  deps: Pick<Deps, 'db'>,
  keys: readonly { projectId: string; orderId: string }[],
): Promise<(OrderView | null)[]> {
  const views = await deps.db.read(async (uow) => {
    const orders = new OrderRepository(uow);
    return orders.loadViews(await orders.findOrdersByIds([...new Set(keys.map((key) => key.orderId))]));
  });
  const byId = new Map(views.map((view) => [view.order.id, view]));
  return keys.map(({ projectId, orderId }) => {
    const view = byId.get(orderId);
    return view && view.order.projectId === projectId ? view : null;
  });
}
