import { z } from 'zod';
import type { DomainError } from '../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../platform/errors/zod.ts';
import { type SearchQueryError, searchQueryErrors } from './errors.ts';
import type { OrderSearchRequest } from './plan.ts';

/**
 * The body of `POST /v1/search/orders/` (spec 4.14). Only the shape is checked here; the values (query syntax,
 * sort, paging rules, cursor) are checked by the planner, which words each problem precisely.
 */
export const searchBodySchema = z.strictObject({
  query: z
    .string({ error: 'is required: a search query such as "status:completed", or * for every order' })
    .meta({
      description:
        'The query: `*` for every order, `status:completed`, `created:[2026-11-01 TO 2026-11-30]`, …',
    }),
  sort: z.string({ error: 'must be a string such as "created asc"' }).nullish().meta({
    description:
      '`<field> [asc|desc]`, field one of `created`, `modified`, `completed`, `amount`; default `created desc`.',
  }),
  // The planner checks the paging values and words each problem; the document states what it accepts.
  size: z
    .unknown()
    .optional()
    .meta({
      description: 'Results per page, 1 to 1,000; default 20.',
      override: { type: 'integer', minimum: 1, maximum: 1000 },
    }),
  start: z
    .unknown()
    .optional()
    .meta({
      description: 'Simple paging: the first result, `start + size` at most 10,000.',
      override: { type: 'integer', minimum: 0 },
    }),
  search_after: z
    .unknown()
    .optional()
    .meta({
      description: 'Deep paging: `"-1"` for the first page, then the `search_after` of the previous answer.',
      override: { type: ['string', 'integer'] },
    }),
  exact_total: z.boolean({ error: 'must be true or false' }).optional().meta({
    description: 'Count `total` exactly however many orders match (slower on large projects).',
  }),
});

export type SearchBody = OrderSearchRequest & { readonly exact_total?: boolean };

export function parseSearchBody(body: unknown): SearchBody {
  return parseOrThrow(searchBodySchema, body ?? {});
}

/** The request field each search problem is about. */
const FIELD_BY_CODE: Readonly<Record<SearchQueryError['code'], string | null>> = {
  empty_query: 'query',
  query_too_long: 'query',
  syntax_error: 'query',
  unknown_field: 'query',
  missing_field: 'query',
  missing_value: 'query',
  invalid_value: 'query',
  invalid_range: 'query',
  unsupported_syntax: 'query',
  invalid_sort: 'sort',
  invalid_paging: null,
  invalid_cursor: 'search_after',
  cursor_mismatch: 'search_after',
};

/**
 * A search input problem as the service's one error type: a 400 whose `type` is the search error code
 * (`unknown_field`, `syntax_error`, `invalid_paging`, `cursor_mismatch`, ...) and whose message names the
 * problem and, for the query, its position.
 */
export function searchInputError(error: SearchQueryError): DomainError {
  const field = FIELD_BY_CODE[error.code];
  const message = field === 'query' ? `query: ${error.message}` : error.message;
  return searchQueryErrors.error(error.code, message, field);
}
