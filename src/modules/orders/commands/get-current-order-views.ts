import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { isUuid } from '../order.repository.ts';
import type { OrderView } from '../order-view.ts';
import { parseOrderViewOf, type ViewParts } from '../order-views.repository.ts';
import type { RenderedOrderDeps } from '../rendered-orders.ts';
import { getOrders } from './get-order.ts';
import { keptRendering } from './get-rendered-order.ts';

/**
 * The caller's orders among `orderIds` with `parts`, as getOrders answers (unknown ids and other projects' orders
 * left out), for a GraphQL operation. One order (an `order(id:)`, a `node`) is read as a REST GET reads it: when
 * this process read it with the same parts before and PostgreSQL answers that it is still at that version, the
 * view it kept is used and PostgreSQL builds nothing. The kept view is PostgreSQL's JSON of it, parsed afresh for
 * each operation, so no operation sees another's objects. Several orders at once are one statement (getOrders),
 * as is every read with deps that keep no renderings. `seen` learns each order's version as read (null: read
 * without its version).
 */
export async function getCurrentOrderViews(
  deps: Deps & Partial<Pick<RenderedOrderDeps, 'renderedOrders'>>,
  actor: Actor,
  orderIds: readonly string[],
  parts: ViewParts,
  seen?: (orderId: string, version: string | null) => void,
): Promise<OrderView[]> {
  const { renderedOrders } = deps;
  if (orderIds.length !== 1 || !renderedOrders) {
    for (const orderId of orderIds) seen?.(orderId, null);
    return getOrders(deps, actor, orderIds, parts);
  }
  const [orderId] = orderIds as [string];
  if (!isUuid(orderId)) return [];
  const audience = `view json, events ${parts.events}, related orders ${parts.relatedOrders}`;
  const kept = { db: deps.db, renderedOrders };
  const view = await keptRendering(
    kept,
    actor.projectId,
    orderId,
    audience,
    parts,
    (json) => json,
    (version) => seen?.(orderId, version),
  );
  return view === null ? [] : [parseOrderViewOf(view, parts)];
}
