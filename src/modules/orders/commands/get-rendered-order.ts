import type { Actor } from '../../../platform/auth/actor.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { isUuid } from '../order.repository.ts';
import type { OrderView } from '../order-view.ts';
import {
  parseOrderView,
  VersionedOrderViewRepository,
  type ViewParts,
  WHOLE_VIEW,
} from '../order-views.repository.ts';
import type { RenderedOrderDeps, Rendering } from '../rendered-orders.ts';

/** How a face renders an order: `render` its whole view; `audience` what else the body depends on. */
export interface OrderRendering {
  /** Everything besides the view that the body depends on (e.g. the merchant's name): renderings differ by it. */
  readonly audience: string;
  render(view: OrderView): string;
}

/**
 * One of the caller's orders, rendered: getOrder's answer as a face's body. Any other id is simply not found, as
 * for getOrder.
 */
export async function getRenderedOrder(
  deps: RenderedOrderDeps,
  actor: Actor,
  orderId: string,
  rendering: OrderRendering,
): Promise<string> {
  const body = isUuid(orderId)
    ? await keptRendering(deps, actor.projectId, orderId, rendering.audience, WHOLE_VIEW, (view) =>
        rendering.render(parseOrderView(view)),
      )
    : null;
  if (body === null) throw notFound('Order', 'order_id');
  return body;
}

/**
 * One of the project's orders as `render` renders its view with `parts` (PostgreSQL's JSON of it), or null when
 * the project has no such order. `audience` names the rendering, `parts` included. When this process rendered
 * the order for `audience` before, one index lookup asks PostgreSQL for the order's version (and whether it is
 * the project's) and the rendering is served if the order is still at it; otherwise the view is read with its
 * version, rendered and kept (rendered-orders.ts). `seen` learns the version the answer is of.
 */
export async function keptRendering(
  deps: Pick<RenderedOrderDeps, 'db' | 'renderedOrders'>,
  projectId: string,
  orderId: string,
  audience: string,
  parts: ViewParts,
  render: (view: string) => string,
  seen?: (version: string) => void,
): Promise<string | null> {
  const renderings = deps.renderedOrders;
  const rendering = renderings.rendering(projectId, orderId, audience);
  return deps.db.read(async (uow) => {
    const views = new VersionedOrderViewRepository(uow);
    if (rendering) {
      const version = await views.readVersion(projectId, orderId);
      if (version === null) return null;
      if (version === rendering.version) {
        seen?.(version);
        return rendering.body;
      }
    }
    const read = await views.readVersionedView(projectId, orderId, parts);
    if (!read) return null;
    const body = render(read.view);
    renderings.remember(projectId, orderId, { version: read.version, audience, body });
    seen?.(read.version);
    return body;
  });
}

/**
 * `rendering`'s body if the project's order is still at the version it was rendered at (one index lookup), else
 * null; nothing else is read. For a face that renders later than it reads (a GraphQL answer, rendered by Apollo
 * once the operation ran), with a rendering it found kept (`RenderedOrders.rendering`).
 */
export async function bodyIfCurrent(
  deps: Pick<RenderedOrderDeps, 'db'>,
  projectId: string,
  orderId: string,
  rendering: Rendering,
): Promise<string | null> {
  const version = await deps.db.read((uow) =>
    new VersionedOrderViewRepository(uow).readVersion(projectId, orderId),
  );
  return version === rendering.version ? rendering.body : null;
}
