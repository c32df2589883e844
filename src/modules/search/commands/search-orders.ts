import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { assertWellFormedInput } from '../../../platform/errors/zod.ts';
import { OrderRepository } from '../../orders/order.repository.ts';
import type { OrderView } from '../../orders/order-view.ts';
import { SearchQueryError } from '../errors.ts';
import { cursorAfter, type OrderSearchPlan, type OrderSearchRequest, planOrderSearch } from '../plan.ts';
import { OrderSearchRepository } from '../search.repository.ts';
import { searchInputError } from '../search-input.ts';

export interface OrderSearchHitView {
  view: OrderView;
  /** The `search_after` value (Relay cursor) just after this order. */
  cursor: string;
}

export interface OrderSearchResult {
  hits: OrderSearchHitView[];
  /** How many of the project's orders match the query in all; null when not asked for. */
  total: number | null;
  /** Pass as `search_after` for the next page: the last hit's cursor; null on an empty page. */
  searchAfter: string | null;
  /** Whether another page follows. */
  hasMore: boolean;
}

/**
 * Searches the caller's orders (spec 4.14). The page and the total count run in parallel on two connections;
 * the page's transactions, events and related orders then load in three queries whatever the page size.
 * The count is the costly part on a large result (it visits every match), so a caller that does not show it
 * can leave it out with `withTotal: false`.
 */
export async function searchOrders(
  deps: Deps,
  actor: Actor,
  request: OrderSearchRequest,
  options: { withTotal: boolean } = { withTotal: true },
): Promise<OrderSearchResult> {
  const plan = planSearch(request);
  return deps.db.read(async (uow) => {
    const search = new OrderSearchRepository(uow);
    const [page, total] = await Promise.all([
      search.findPage(actor.projectId, plan),
      options.withTotal ? search.countMatches(actor.projectId, plan.filter) : null,
    ]);
    const views = await new OrderRepository(uow).loadViews(page.hits.map((hit) => hit.order));
    const hits = views.map((view, index) => ({ view, cursor: cursorAfter(plan, page.hits[index]!.key) }));
    return { hits, total, searchAfter: hits.at(-1)?.cursor ?? null, hasMore: page.hasMore };
  });
}

/** Plans a search or throws the DomainError (400) naming the problem. */
export function planSearch(request: OrderSearchRequest): OrderSearchPlan {
  // Query values become SQL parameters: NUL and lone surrogates are refused before they get there.
  assertWellFormedInput(request);
  try {
    return planOrderSearch(request);
  } catch (error) {
    if (error instanceof SearchQueryError) throw searchInputError(error);
    throw error;
  }
}
