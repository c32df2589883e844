import { type ErrorTable, errorsOf } from '../../platform/errors/error-table.ts';

/**
 * The codes of order search input (query, sort, paging, cursor), all bad requests: the HTTP and GraphQL layers
 * map a `SearchQueryError` to a client error (400 / BAD_USER_INPUT) and may show `code`, `message` and
 * `position` as they are. The REST contracts' error lists (rest/search-contracts.ts) are built from here.
 */
export const SEARCH_QUERY_ERRORS = {
  empty_query: 'invalid_request',
  query_too_long: 'invalid_request',
  syntax_error: 'invalid_request',
  unknown_field: 'invalid_request',
  missing_field: 'invalid_request',
  missing_value: 'invalid_request',
  invalid_value: 'invalid_request',
  invalid_range: 'invalid_request',
  unsupported_syntax: 'invalid_request',
  invalid_sort: 'invalid_request',
  invalid_paging: 'invalid_request',
  invalid_cursor: 'invalid_request',
  cursor_mismatch: 'invalid_request',
} as const satisfies ErrorTable;

export type SearchQueryErrorCode = keyof typeof SEARCH_QUERY_ERRORS;

/** The DomainError of a search code (search-input.ts) and a contract's entry for one. */
export const searchQueryErrors = errorsOf(SEARCH_QUERY_ERRORS);

export class SearchQueryError extends Error {
  readonly code: SearchQueryErrorCode;
  /** 0-based character (UTF-16 code unit) offset into the `query` string; only set for query errors. */
  readonly position?: number;

  constructor(code: SearchQueryErrorCode, message: string, position?: number) {
    super(message);
    this.name = 'SearchQueryError';
    this.code = code;
    if (position !== undefined) this.position = position;
  }
}

/**
 * Builds a query error whose message reads "<problem> at position N[; <hint>]", so a human sees what is wrong,
 * where, and what to do.
 */
export function queryErrorAt(
  code: SearchQueryErrorCode,
  problem: string,
  position: number,
  hint?: string,
): SearchQueryError {
  return new SearchQueryError(code, `${problem} at position ${position}${hint ? `; ${hint}` : ''}`, position);
}

/** The codes by name, where a search error is made: `queryErrorAt(searchCode.syntax_error, …)`. */
export const searchCode = searchQueryErrors.code;
