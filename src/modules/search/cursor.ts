/**
 * The `search_after` value (and GraphQL Relay cursor) of order search: base64url of a small JSON object holding
 * the sort, the page size and the last hit's sort key. It is opaque to clients but not secret or signed: a
 * forged cursor can only move the starting point of a search the caller is already allowed to run, and every
 * value is validated before it reaches SQL. `-1` means "first page" (spec 4.14).
 *
 * Keeping sort and size inside lets the server enforce spec 4.14 rule 3: both stay identical in all requests
 * of one paging run (`cursor_mismatch` otherwise).
 */
import { SearchQueryError, searchCode } from './errors.ts';
import {
  formatSort,
  isSortField,
  type SortDirection,
  type SortField,
  type SortKey,
  type SortSpec,
} from './sort.ts';

export const FIRST_PAGE = '-1';

/** Far longer than any cursor we issue; refuses junk before decoding it. */
const MAX_CURSOR_LENGTH = 512;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const DIGITS = /^\d{1,19}$/;

type CursorPayload = {
  /** Format version. */
  v: 1;
  field: SortField;
  direction: SortDirection;
  size: number;
  /** The last hit's [sort value, id]. */
  after: [string | null, string];
};

export function encodeCursor(spec: SortSpec, size: number, last: SortKey): string {
  const payload: CursorPayload = {
    v: 1,
    field: spec.field,
    direction: spec.direction,
    size,
    after: [last.value, last.id],
  };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/**
 * Decodes `search_after` for a request with this sort and size: null for the first page (`-1`), else the sort
 * key to continue after. Throws SearchQueryError `invalid_cursor` or `cursor_mismatch`.
 */
export function decodeCursor(searchAfter: string, spec: SortSpec, size: number): SortKey | null {
  if (searchAfter === FIRST_PAGE) return null;
  const payload = parsePayload(searchAfter);
  if (payload.field !== spec.field || payload.direction !== spec.direction || payload.size !== size) {
    throw new SearchQueryError(
      searchCode.cursor_mismatch,
      `search_after belongs to a run with sort "${payload.field} ${payload.direction}" and size ${payload.size}, ` +
        `but this request has sort "${formatSort(spec)}" and size ${size}; keep sort and size identical within one paging run, ` +
        'or start again with search_after "-1"',
    );
  }
  const [value, id] = payload.after;
  if (!isValidSortValue(spec, value) || !UUID.test(id)) throw invalidCursor();
  return { value, id };
}

function parsePayload(searchAfter: string): CursorPayload {
  if (searchAfter.length > MAX_CURSOR_LENGTH || !BASE64URL.test(searchAfter)) throw invalidCursor();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(searchAfter, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!isPayload(payload)) throw invalidCursor();
  return payload;
}

function isPayload(value: unknown): value is CursorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const { v, field, direction, size, after } = value as Record<string, unknown>;
  return (
    v === 1 &&
    isSortField(field) &&
    (direction === 'asc' || direction === 'desc') &&
    Number.isSafeInteger(size) &&
    Array.isArray(after) &&
    after.length === 2 &&
    (typeof after[0] === 'string' || after[0] === null) &&
    typeof after[1] === 'string'
  );
}

function isValidSortValue(spec: SortSpec, value: string | null): boolean {
  const [column] = spec.columns;
  if (value === null) return column.nullable;
  return column.type === 'timestamptz'
    ? TIMESTAMP.test(value) && isRealInstant(value)
    : DIGITS.test(value) && BigInt(value) <= 9_223_372_036_854_775_807n;
}

/** Rejects calendar nonsense such as Feb 30 that the pattern lets through (PostgreSQL would fail on it). */
function isRealInstant(value: string): boolean {
  const parsed = new Date(value);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === value.slice(0, 19);
}

const invalidCursor = (): SearchQueryError =>
  new SearchQueryError(
    searchCode.invalid_cursor,
    'search_after is not a cursor returned by this search; pass "-1" for the first page or the sort value of the previous response',
  );
