import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { isUuid } from '../order.repository.ts';
import type { OrderView } from '../order-view.ts';
import { OrderViewRepository, type ViewParts, WHOLE_VIEW } from '../order-views.repository.ts';

/**
 * Retrieves one of the caller's orders with all its transactions; any other id is simply not found. One
 * prepared statement, whatever the order holds.
 */
export async function getOrder(
  deps: Deps,
  actor: Actor,
  orderId: string,
  parts: ViewParts = WHOLE_VIEW,
): Promise<OrderView> {
  const [view] = await getOrders(deps, actor, [orderId], parts);
  if (!view) throw notFound('Order', 'order_id');
  return view;
}

/** The caller's orders among `orderIds`, in that order; unknown ids and other projects' orders are left out. */
export async function getOrders(
  deps: Deps,
  actor: Actor,
  orderIds: readonly string[],
  parts: ViewParts = WHOLE_VIEW,
): Promise<OrderView[]> {
  const ids = orderIds.filter(isUuid);
  if (ids.length === 0) return [];
  return deps.db.read((uow) => new OrderViewRepository(uow).readViews(actor.projectId, ids, parts));
}
