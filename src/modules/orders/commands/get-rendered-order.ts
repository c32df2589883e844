import type { Actor } from '../../../platform/auth/actor.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { isUuid } from '../order.repository.ts';
import type { OrderView } from '../order-view.ts';
import { VersionedOrderViewRepository } from '../order-views.repository.ts';
import type { RenderedOrderDeps } from '../rendered-orders.ts';

/** How a face renders an order: `render` its whole view; `audience` what else the body depends on. */
export interface OrderRendering {
  /** Everything besides the view that the body depends on (e.g. the merchant's name): renderings differ by it. */
  readonly audience: string;
  render(view: OrderView): string;
}

/**
 * One of the caller's orders, rendered: getOrder's answer as a face's body. When this process rendered the order
 * before, one index lookup asks PostgreSQL for the order's version (and whether it is the caller's) and the
 * rendering is served if the order is still at it; otherwise the view is read with its version, rendered and
 * kept (rendered-orders.ts). Any other id is simply not found, as for getOrder.
 */
export async function getRenderedOrder(
  deps: RenderedOrderDeps,
  actor: Actor,
  orderId: string,
  rendering: OrderRendering,
): Promise<string> {
  if (!isUuid(orderId)) throw notFound('Order', 'order_id');
  const { projectId } = actor;
  const renderings = deps.renderedOrders;
  const body = await deps.db.read(async (uow) => {
    const views = new VersionedOrderViewRepository(uow);
    if (renderings.knownVersion(projectId, orderId, rendering.audience) !== null) {
      const version = await views.readVersion(projectId, orderId);
      if (version === null) return null;
      const kept = renderings.bodyAt(projectId, orderId, rendering.audience, version);
      if (kept !== null) return kept;
    }
    const read = await views.readVersionedView(projectId, orderId);
    if (!read) return null;
    const rendered = rendering.render(read.view);
    renderings.remember(projectId, orderId, {
      version: read.version,
      audience: rendering.audience,
      body: rendered,
    });
    return rendered;
  });
  if (body === null) throw notFound('Order', 'order_id');
  return body;
}
