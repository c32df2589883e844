/**
 * Puts query, sort, paging and cursor together into what one search request needs from SQL. The caller adds
 * its own scoping (e.g. `o.project_id = ?`) and runs, for example:
 *
 *   select o.*, <sortValueSql> as sort_value from orders o
 *   where <scope> and <where.sql> order by <orderBy> limit <limit> offset <offset>
 *
 * and builds the next `search_after` (and each Relay edge cursor) with `cursorAfter(plan, { value: row.sort_value,
 * id: row.id })`. Fetch `limit + 1` rows if you need to know whether another page exists.
 */
import { decodeCursor, encodeCursor, FIRST_PAGE } from './cursor.ts';
import { validatePaging } from './paging.ts';
import { buildOrderSearchFilter } from './query/index.ts';
import {
  keysetBeforePredicate,
  keysetPredicate,
  orderBySql,
  parseSort,
  reversedOrderBySql,
  type SortKey,
  type SortSpec,
  sortValueSql,
} from './sort.ts';
import { joinSql, type SqlFragment, sqlFragment } from './sql-fragment.ts';

export type OrderSearchRequest = {
  readonly query: string;
  readonly sort?: string | null;
  readonly size?: unknown;
  readonly start?: unknown;
  readonly search_after?: unknown;
};

export type OrderSearchPlan = {
  readonly sort: SortSpec;
  readonly size: number;
  /** The query filter alone: what a total count of the whole result counts. */
  readonly filter: SqlFragment;
  /** The query filter, and on a `search_after` page after the first also the keyset predicate. */
  readonly where: SqlFragment;
  /** ORDER BY list without the keywords. */
  readonly orderBy: string;
  /** Select it (e.g. `as sort_value`) to build cursors. */
  readonly sortValueSql: string;
  readonly limit: number;
  readonly offset: number;
  /** Read backwards from `before` (Relay `last`): `orderBy` is reversed and the page must be turned around. */
  readonly backwards?: boolean;
  /**
   * Where the orders on the other side of the page's starting point are: the rows at or before `after` (forward),
   * at or after `before` (backwards). Absent on a page that starts at an end of the result.
   */
  readonly beyond?: SqlFragment;
};

/** Throws SearchQueryError on any invalid input. */
export function planOrderSearch(request: OrderSearchRequest): OrderSearchPlan {
  const filter = buildOrderSearchFilter(request.query);
  const sort = parseSort(request.sort);
  const paging = validatePaging(request);
  const after = paging.mode === 'search_after' ? decodeCursor(paging.searchAfter, sort, paging.size) : null;
  return {
    sort,
    size: paging.size,
    filter,
    where: after ? joinSql([filter, keysetPredicate(sort, after)], 'and') : filter,
    orderBy: orderBySql(sort),
    sortValueSql: sortValueSql(sort),
    limit: paging.size,
    offset: paging.mode === 'offset' ? paging.start : 0,
  };
}

/** A page of the GraphQL connection: `first` after `after`, or `last` before `before` (Relay). */
export interface ConnectionPageRequest {
  readonly query: string;
  readonly sort?: string | null;
  readonly size: number;
  readonly after?: string | null;
  readonly before?: string | null;
  readonly backwards: boolean;
}

/**
 * Plans a connection page. Forward it is the search's deep paging; backwards it reads the `size` orders just
 * before `before` (or the last ones of the result) in reverse order. Either way `beyond` says where the orders
 * on the other side of the cursor are, so both hasPreviousPage and hasNextPage can be told exactly. The cursor
 * must come from a run with the same sort and size. Throws SearchQueryError.
 */
export function planConnectionPage(request: ConnectionPageRequest): OrderSearchPlan {
  if (!request.backwards) {
    const plan = planOrderSearch({
      query: request.query,
      sort: request.sort,
      size: request.size,
      search_after: request.after ?? FIRST_PAGE,
    });
    const after = request.after ? decodeCursor(request.after, plan.sort, request.size) : null;
    return after
      ? { ...plan, beyond: atOrBeyond(plan.filter, after, keysetBeforePredicate(plan.sort, after)) }
      : plan;
  }
  const filter = buildOrderSearchFilter(request.query);
  const sort = parseSort(request.sort);
  const size = validatePaging({ size: request.size }).size;
  const before = request.before ? decodeCursor(request.before, sort, size) : null;
  return {
    sort,
    size,
    filter,
    where: before ? joinSql([filter, keysetBeforePredicate(sort, before)], 'and') : filter,
    orderBy: reversedOrderBySql(sort),
    sortValueSql: sortValueSql(sort),
    limit: size,
    offset: 0,
    backwards: true,
    ...(before ? { beyond: atOrBeyond(filter, before, keysetPredicate(sort, before)) } : {}),
  };
}

/** The matching rows at the cursor's own row or on the given side of it. */
function atOrBeyond(filter: SqlFragment, key: SortKey, side: SqlFragment): SqlFragment {
  return joinSql([filter, joinSql([sqlFragment('o.id = cast(? as uuid)', [key.id]), side], 'or')], 'and');
}

/** The `search_after` value / Relay cursor pointing just after this row. */
export function cursorAfter(plan: OrderSearchPlan, row: SortKey): string {
  return encodeCursor(plan.sort, plan.size, row);
}
