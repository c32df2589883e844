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
import { decodeCursor, encodeCursor } from './cursor.ts';
import { validatePaging } from './paging.ts';
import { buildOrderSearchFilter } from './query/index.ts';
import { keysetPredicate, orderBySql, parseSort, type SortKey, type SortSpec, sortValueSql } from './sort.ts';
import { joinSql, type SqlFragment } from './sql-fragment.ts';

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

/** The `search_after` value / Relay cursor pointing just after this row. */
export function cursorAfter(plan: OrderSearchPlan, row: SortKey): string {
  return encodeCursor(plan.sort, plan.size, row);
}
