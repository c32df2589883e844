import DataLoader from 'dataloader';
import type { GraphQLResolveInfo } from 'graphql';
import type { GraphQLContext } from '../../../platform/graphql/context.ts';
import { selectsPath } from '../../../platform/graphql/selection.ts';
import { getCurrentOrderViews } from '../commands/get-current-order-views.ts';
import type { OrderView } from '../order-view.ts';
import { type ViewParts, WHOLE_VIEW } from '../order-views.repository.ts';

/**
 * Which parts of an order view a GraphQL selection needs: the events only when some transaction's `events`
 * is selected, the related orders only when `relatedOrderIds` is. `below` is the path from the resolved
 * field to the order, e.g. `['edges', 'node']` for a connection.
 */
export function viewPartsSelected(info: GraphQLResolveInfo, below: readonly string[] = []): ViewParts {
  return {
    events: selectsPath(info, [...below, 'transactions', 'events']),
    relatedOrders: selectsPath(info, [...below, 'relatedOrderIds']),
  };
}

/**
 * The request's loader of the caller's order views with these parts: every `order(id:)` (and node) of one
 * operation is read in one statement, and a lone order as this process kept it while it is unchanged
 * (getCurrentOrderViews). Unknown ids and other projects' orders load as null.
 */
export function orderViewLoader(
  context: GraphQLContext,
  parts: ViewParts = WHOLE_VIEW,
): DataLoader<string, OrderView | null> {
  const key = loaderKey(parts);
  const existing = context.loaders.get(key);
  if (existing) return existing as DataLoader<string, OrderView | null>;
  const loader = new DataLoader<string, OrderView | null>(async (ids) => {
    const views = await getCurrentOrderViews(context.deps, context.actor, ids, parts, (id, version) =>
      noteVersionRead(context, id, version),
    );
    const byId = new Map(views.map((view) => [view.order.id, view]));
    return ids.map((id) => byId.get(id) ?? null);
  });
  context.loaders.set(key, loader);
  return loader;
}

const loaderKey = (parts: ViewParts) => `orders.views:${parts.events}:${parts.relatedOrders}`;
const VERSIONS_KEY = 'orders.versions read';

/**
 * The versions at which the operation's loaders read each order (null: read without its version), for a plugin
 * that keeps the operation's answer with the version it is of (kept-order-results.ts).
 */
export function orderVersionsRead(context: GraphQLContext): ReadonlyMap<string, ReadonlySet<string | null>> {
  return (context.loaders.get(VERSIONS_KEY) as Map<string, Set<string | null>> | undefined) ?? new Map();
}

function noteVersionRead(context: GraphQLContext, orderId: string, version: string | null): void {
  let versions = context.loaders.get(VERSIONS_KEY) as Map<string, Set<string | null>> | undefined;
  if (!versions) {
    versions = new Map();
    context.loaders.set(VERSIONS_KEY, versions);
  }
  const ofOrder = versions.get(orderId);
  if (ofOrder) ofOrder.add(version);
  else versions.set(orderId, new Set([version]));
}
