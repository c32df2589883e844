/**
 * The `sort` parameter of order search: `<field> [asc|desc]`, field one of created, modified, completed,
 * amount. Direction is case-insensitive and defaults to `asc` when only the field is given (as in Lucene /
 * Elasticsearch); without any `sort` the order is `created desc` (newest first).
 *
 * Every sort ends with the unique tiebreaker `o.id` in the same direction, so the order is total and keyset
 * paging (`search_after`) neither skips nor repeats rows with equal sort values.
 *
 * `completed` can be NULL (order not completed). Such orders always come LAST, in both directions, ordered by
 * id; the keyset predicate handles the NULL part explicitly (a row comparison with NULL is never true).
 *
 * Sort values travel through the cursor as exact text: timestamps as ISO 8601 UTC with microseconds (what
 * timestamptz stores; a JS Date would drop the microseconds and make keyset paging skip rows), amounts as
 * decimal digits (bigint). The repository selects `sortValueSql(spec)` next to `o.id` for that.
 */
import { SearchQueryError, searchCode } from './errors.ts';
import type { SqlFragment } from './sql-fragment.ts';

export const SORT_FIELDS = ['created', 'modified', 'completed', 'amount'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export const DEFAULT_SORT = 'created desc';

export type SortColumn = {
  /** SQL expression over `o`. */
  readonly expression: string;
  /** SQL type the cursor's text value is cast to in the keyset predicate. */
  readonly type: 'timestamptz' | 'bigint' | 'uuid';
  readonly nullable: boolean;
  readonly direction: SortDirection;
};

export type SortSpec = {
  readonly field: SortField;
  readonly direction: SortDirection;
  /** The sort column, then always the tiebreaker `o.id` in the same direction. */
  readonly columns: readonly [SortColumn, SortColumn];
};

/** The position of a row in a sort: its sort value as exact text (NULL only for `completed`) and its id. */
export type SortKey = { readonly value: string | null; readonly id: string };

const COLUMNS: Record<SortField, Omit<SortColumn, 'direction'>> = {
  created: { expression: 'o.created_at', type: 'timestamptz', nullable: false },
  modified: { expression: 'o.modified_at', type: 'timestamptz', nullable: false },
  completed: { expression: 'o.completed_at', type: 'timestamptz', nullable: true },
  amount: { expression: 'o.amount', type: 'bigint', nullable: false },
};

const SORT_PATTERN = /^\s*([a-z_]+)(?:\s+(asc|desc))?\s*$/i;

/** Parses `sort`; undefined, null or blank means DEFAULT_SORT. Throws SearchQueryError `invalid_sort`. */
export function parseSort(sort: string | null | undefined): SortSpec {
  const text = sort == null || sort.trim() === '' ? DEFAULT_SORT : sort;
  const match = SORT_PATTERN.exec(text);
  const field = match?.[1]?.toLowerCase();
  if (!match || !isSortField(field)) {
    throw new SearchQueryError(
      searchCode.invalid_sort,
      `sort "${text}" is not valid; write "<field> asc" or "<field> desc" with field one of ${SORT_FIELDS.join(', ')}`,
    );
  }
  return sortSpec(field, (match[2]?.toLowerCase() ?? 'asc') as SortDirection);
}

export function sortSpec(field: SortField, direction: SortDirection): SortSpec {
  return {
    field,
    direction,
    columns: [
      { ...COLUMNS[field], direction },
      { expression: 'o.id', type: 'uuid', nullable: false, direction },
    ],
  };
}

export function isSortField(field: unknown): field is SortField {
  return (SORT_FIELDS as readonly unknown[]).includes(field);
}

/** Canonical text of a sort, e.g. `created desc`. */
export function formatSort(spec: SortSpec): string {
  return `${spec.field} ${spec.direction}`;
}

/** The ORDER BY list (without the keywords), e.g. `o.completed_at desc nulls last, o.id desc`. */
export function orderBySql(spec: SortSpec): string {
  return spec.columns
    .map((column) => `${column.expression} ${column.direction}${column.nullable ? ' nulls last' : ''}`)
    .join(', ');
}

/** Expression to select (e.g. `as sort_value`) giving the primary sort value as the exact text a cursor holds. */
export function sortValueSql(spec: SortSpec): string {
  const [column] = spec.columns;
  return column.type === 'timestamptz'
    ? `to_char(${column.expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : `cast(${column.expression} as text)`;
}

/**
 * WHERE fragment selecting the rows after `after` in the sort order. For a nullable sort column (nulls last):
 * after a non-NULL value, the rest of the non-NULL rows then every NULL row; after a NULL value, only the NULL
 * rows further along by id.
 */
export function keysetPredicate(spec: SortSpec, after: SortKey): SqlFragment {
  const [column, tiebreaker] = spec.columns;
  const comparison = spec.direction === 'asc' ? '>' : '<';
  const idParam = `cast(? as ${tiebreaker.type})`;
  if (after.value === null) {
    if (!column.nullable) {
      throw new SearchQueryError(searchCode.invalid_cursor, `search_after has no ${spec.field} value`);
    }
    return {
      sql: `(${column.expression} is null and ${tiebreaker.expression} ${comparison} ${idParam})`,
      params: [after.id],
    };
  }
  const rowComparison =
    `(${column.expression}, ${tiebreaker.expression}) ${comparison} ` +
    `(cast(? as ${column.type}), ${idParam})`;
  return {
    sql: column.nullable ? `(${rowComparison} or ${column.expression} is null)` : rowComparison,
    params: [after.value, after.id],
  };
}

/**
 * The ORDER BY list of `spec` run backwards (a page read from its end, e.g. Relay `last`/`before`): every
 * direction flipped, and the rows without a value that sort last now first.
 */
export function reversedOrderBySql(spec: SortSpec): string {
  return spec.columns
    .map((column) => {
      const direction = column.direction === 'asc' ? 'desc' : 'asc';
      return `${column.expression} ${direction}${column.nullable ? ' nulls first' : ''}`;
    })
    .join(', ');
}

/**
 * WHERE fragment selecting the rows before `before` in the sort order (the mirror of `keysetPredicate`). For a
 * nullable sort column (nulls last): before a non-NULL value, the non-NULL rows further back; before a NULL
 * value, every non-NULL row and the NULL rows further back by id.
 */
export function keysetBeforePredicate(spec: SortSpec, before: SortKey): SqlFragment {
  const [column, tiebreaker] = spec.columns;
  const comparison = spec.direction === 'asc' ? '<' : '>';
  const idParam = `cast(? as ${tiebreaker.type})`;
  if (before.value === null) {
    if (!column.nullable) {
      throw new SearchQueryError(searchCode.invalid_cursor, `before has no ${spec.field} value`);
    }
    return {
      sql: `(${column.expression} is not null or ${tiebreaker.expression} ${comparison} ${idParam})`,
      params: [before.id],
    };
  }
  // A row comparison with a NULL sort value is NULL: rows without a value never come before one with a value.
  return {
    sql: `(${column.expression}, ${tiebreaker.expression}) ${comparison} (cast(? as ${column.type}), ${idParam})`,
    params: [before.value, before.id],
  };
}
