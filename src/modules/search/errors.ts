/**
 * The one error type of order search input (query, sort, paging, cursor). The HTTP and GraphQL layers map it
 * to a client error (400 / BAD_USER_INPUT) and may show `code`, `message` and `position` as they are.
 */
export type SearchQueryErrorCode =
  | 'empty_query'
  | 'query_too_long'
  | 'syntax_error'
  | 'unknown_field'
  | 'missing_field'
  | 'missing_value'
  | 'invalid_value'
  | 'invalid_range'
  | 'unsupported_syntax'
  | 'invalid_sort'
  | 'invalid_paging'
  | 'invalid_cursor'
  | 'cursor_mismatch';

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
