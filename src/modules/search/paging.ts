/**
 * Paging input of order search (spec 4.14, part 8):
 * - `size`: integer >= 1, default DEFAULT_PAGE_SIZE (20), at most MAX_PAGE_SIZE (1000; the spec names no upper
 *   bound, this one keeps a single response bounded; larger exports page with `search_after`).
 * - `start`: integer >= 0, default 0; `start + size` at most 10,000 (simple paging window).
 * - `search_after`: `"-1"` for the first page, then the cursor of the previous response. The number -1 is
 *   accepted as well, since clients write it that way. Never together with `start`.
 * `null` counts as absent (GraphQL sends nulls for omitted nullable arguments).
 */
import { SearchQueryError, searchCode } from './errors.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;
export const MAX_SIMPLE_PAGING_RESULTS = 10_000;

export type PagingInput = {
  readonly size?: unknown;
  readonly start?: unknown;
  readonly search_after?: unknown;
};

export type PagingPlan =
  | { readonly mode: 'offset'; readonly start: number; readonly size: number }
  | { readonly mode: 'search_after'; readonly searchAfter: string; readonly size: number };

/** Throws SearchQueryError `invalid_paging`. */
export function validatePaging(input: PagingInput): PagingPlan {
  const size = input.size == null ? DEFAULT_PAGE_SIZE : integerAtLeast('size', input.size, 1);
  if (size > MAX_PAGE_SIZE) {
    throw invalidPaging(`size ${size} is larger than the maximum of ${MAX_PAGE_SIZE}`);
  }
  if (input.search_after != null) {
    if (input.start != null) {
      throw invalidPaging('start and search_after cannot be combined; use one of them');
    }
    return { mode: 'search_after', searchAfter: searchAfterText(input.search_after), size };
  }
  const start = input.start == null ? 0 : integerAtLeast('start', input.start, 0);
  if (start + size > MAX_SIMPLE_PAGING_RESULTS) {
    throw invalidPaging(
      `start + size is ${start + size}, but simple paging reaches at most ${MAX_SIMPLE_PAGING_RESULTS} results; ` +
        'use search_after ("-1" for the first page) to read further',
    );
  }
  return { mode: 'offset', start, size };
}

function integerAtLeast(name: string, value: unknown, minimum: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum) {
    const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
    throw invalidPaging(`${name} must be an integer >= ${minimum}, got ${shown}`);
  }
  return value;
}

function searchAfterText(value: unknown): string {
  if (value === -1) return '-1';
  if (typeof value !== 'string' || value === '') {
    throw invalidPaging('search_after must be "-1" or the sort value string of the previous response');
  }
  return value;
}

const invalidPaging = (message: string): SearchQueryError =>
  new SearchQueryError(searchCode.invalid_paging, message);
