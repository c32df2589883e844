import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { assertWellFormedInput } from '../../../platform/errors/zod.ts';
import type { OrderView } from '../../orders/index.ts';
import { OrderViewRepository, type ViewParts, WHOLE_VIEW } from '../../orders/index.ts';
import { SearchQueryError } from '../errors.ts';
import {
  type ConnectionPageRequest,
  cursorAfter,
  type OrderSearchPlan,
  type OrderSearchRequest,
  planConnectionPage,
  planOrderSearch,
} from '../plan.ts';
import { OrderSearchRepository } from '../search.repository.ts';
import { searchInputError } from '../search-input.ts';

export interface OrderSearchHitView {
  view: OrderView;
  /** The `search_after` value (Relay cursor) just after this order. */
  cursor: string;
}

/** How a search counts its matches: not at all, exactly, or exactly up to TOTAL_EXACT_UP_TO. */
export type TotalMode = 'none' | 'exact' | 'up_to_limit';

/** Up to this many matches a total is exact by default; beyond, it is this lower bound (as search engines do). */
export const TOTAL_EXACT_UP_TO = 10_000;

export interface OrderSearchResult {
  hits: OrderSearchHitView[];
  /** How many of the project's orders match the query in all (or at least, see `totalExact`); null when not counted. */
  total: number | null;
  /** False when `total` is TOTAL_EXACT_UP_TO and more orders match: a lower bound. */
  totalExact: boolean;
  /** Pass as `search_after` for the next page: the last hit's cursor; null on an empty page. */
  searchAfter: string | null;
  /** Whether another page follows (read backwards: precedes). */
  hasMore: boolean;
  /**
   * A connection page: whether orders lie on the other side of its cursor (before `after`, after `before`);
   * null when the page starts at an end of the result.
   */
  hasBeyond: boolean | null;
}

/**
 * Searches the caller's orders (spec 4.14). The page and the count run in parallel on two connections; the
 * page's orders are then read in one statement (the order read model). A count visits every match, so by
 * default it stops at TOTAL_EXACT_UP_TO matches (a lower bound beyond); `exact` counts them all, `none` skips it.
 * A GraphQL caller reads only the view parts its query selects.
 */
export async function searchOrders(
  deps: Deps,
  actor: Actor,
  request: OrderSearchRequest,
  options: SearchOptions = {},
): Promise<OrderSearchResult> {
  return readPage(deps, actor, planSearch(request), options);
}

export interface SearchOptions {
  total?: TotalMode;
  parts?: ViewParts;
}

/** A page of the GraphQL `orders` connection, forward (`first`/`after`) or backwards (`last`/`before`). */
export function connectionPage(
  deps: Deps,
  actor: Actor,
  request: ConnectionPageRequest,
  options: SearchOptions = {},
): Promise<OrderSearchResult> {
  // Query values become SQL parameters: NUL and lone surrogates are refused before they get there.
  assertWellFormedInput(request);
  let plan: OrderSearchPlan;
  try {
    plan = planConnectionPage(request);
  } catch (error) {
    if (error instanceof SearchQueryError) throw searchInputError(error);
    throw error;
  }
  return readPage(deps, actor, plan, options);
}

async function readPage(
  deps: Deps,
  actor: Actor,
  plan: OrderSearchPlan,
  options: SearchOptions,
): Promise<OrderSearchResult> {
  const totalMode = options.total ?? 'up_to_limit';
  return deps.db.replicaRead(async (uow) => {
    const search = new OrderSearchRepository(uow);
    const [page, counted, hasBeyond] = await Promise.all([
      search.findPage(actor.projectId, plan),
      totalMode === 'none'
        ? null
        : search.countMatches(
            actor.projectId,
            plan.filter,
            totalMode === 'exact' ? null : TOTAL_EXACT_UP_TO + 1,
          ),
      plan.beyond ? search.anyMatches(actor.projectId, plan.beyond) : null,
    ]);
    const views = await new OrderViewRepository(uow).readViews(
      actor.projectId,
      page.hits.map((hit) => hit.orderId),
      options.parts ?? WHOLE_VIEW,
    );
    const hits = views.map((view, index) => ({ view, cursor: cursorAfter(plan, page.hits[index]!.key) }));
    const capped = counted !== null && totalMode === 'up_to_limit' && counted > TOTAL_EXACT_UP_TO;
    return {
      hits,
      total: capped ? TOTAL_EXACT_UP_TO : counted,
      totalExact: !capped,
      searchAfter: hits.at(-1)?.cursor ?? null,
      hasMore: page.hasMore,
      hasBeyond,
    };
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
