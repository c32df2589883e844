/**
 * Order search query language (spec 4.14): a Lucene-style `query` string, parsed with liqe and translated to a
 * parameterised SQL WHERE fragment over the alias `o` (orders). Values only ever travel as `?` parameters.
 *
 * Syntax
 * - `*`                                  every order (may also be combined: `* AND status:new`)
 * - `field:value`, `field:"quoted value"` (single quotes work too; `\"` escapes a quote inside)
 * - `field:[from TO to]`                 inclusive range; `{from TO to}` exclusive, `[from TO to}` mixed;
 *                                        `*` as a bound leaves that side open. Only `amount` and the dates.
 * - `field:>v`, `:>=`, `:<`, `:<=`       comparisons, only `amount` and the dates
 * - `AND`, `OR`, `NOT` (or a leading `-`), parentheses; a space between terms is an implicit AND.
 *   AND binds tighter than OR (`a OR b AND c` = `a OR (b AND c)`). Operators must be in capitals.
 *
 * Fields
 * - `id`                                 uuid; a malformed uuid is an `invalid_value` error (not "no match")
 * - `merchant_order_id`                  exact, case-sensitive
 * - `status`                             order status, case-insensitive, must be one of spec 3.1
 * - `currency`                           ISO 4217 code, case-insensitive
 * - `amount`                             integer in minor units (`amount:995` is 9.95 EUR); ranges, comparisons
 * - `created`, `modified`, `completed`   UTC days `YYYY-MM-DD`: `created:2026-11-21` is that whole day;
 *                                        `[from TO to]` runs from `from` 00:00Z to the end of the `to` day
 *                                        (`[d TO d]` is day d); `:>d` is after day d, `:<=d` up to its end
 * - `flags`                              the order carries this flag (exact), e.g. `flags:is-test`
 * - `description`                        case-insensitive substring match
 * - `transactions.status`, `transactions.payment_method`, `transactions.payment_method_brand`
 *                                        some transaction of the order has this value (lower-cased). Each term
 *                                        is checked on its own: `transactions.status:declined AND
 *                                        transactions.payment_method_brand:visa` may match two different
 *                                        transactions of one order.
 * - `customer.email_address`             case-insensitive exact
 * - `customer.merchant_customer_id`      exact, case-sensitive
 * - `order_lines.merchant_order_line_id` exact, case-sensitive: some line of the order has it
 *
 * `NOT field:value` also matches orders where the field is empty (e.g. `NOT completed:2026-11-21` includes
 * orders that never completed). Not supported (clear errors): wildcards inside values, regular expressions,
 * fuzzy/boost syntax, terms without a field. Lower-case `and`/`or`/`not` are rejected with a hint.
 *
 * Errors are `SearchQueryError` with `code` and a 0-based `position` (UTF-16 offset) into the query; the
 * message names the problem and ends with "at position N".
 */
import { parse } from 'liqe';
import { queryErrorAt, SearchQueryError, searchCode } from '../errors.ts';
import type { SqlFragment } from '../sql-fragment.ts';
import { extractRanges } from './ranges.ts';
import { translateAst } from './translate.ts';

export {
  SEARCH_FIELD_NAMES,
  SEARCH_FIELDS,
  type SearchField,
  type SearchFieldKind,
} from './fields.ts';

/** Longer queries are refused: liqe's Earley parser gets slow on very long input. */
export const MAX_QUERY_LENGTH = 2000;

/** Translates a search `query` into a WHERE fragment over `o` (orders). Throws SearchQueryError. */
export function buildOrderSearchFilter(query: string): SqlFragment {
  if (query.length > MAX_QUERY_LENGTH) {
    throw new SearchQueryError(
      searchCode.query_too_long,
      `query is ${query.length} characters long; at most ${MAX_QUERY_LENGTH} are allowed`,
    );
  }
  if (query.trim() === '') {
    throw new SearchQueryError(searchCode.empty_query, 'query is empty; use * to match every order');
  }
  const { text, ranges } = extractRanges(query);
  return translateAst(parseWithLiqe(text, query), { query, ranges });
}

function parseWithLiqe(text: string, query: string): ReturnType<typeof parse> {
  try {
    return parse(text);
  } catch (error) {
    const offset = (error as { offset?: unknown }).offset;
    if (typeof offset === 'number') {
      const found = offset < query.length ? `"${query[offset]}"` : 'end of query';
      throw queryErrorAt(searchCode.syntax_error, `Syntax error: unexpected ${found}`, offset);
    }
    if (error instanceof Error && error.message === 'Found no parsings.') {
      // liqe consumed everything but the query is incomplete: the problem is at its end.
      throw queryErrorAt(
        searchCode.syntax_error,
        'Syntax error: the query ends early (a value, a term after an operator or a closing parenthesis is missing)',
        query.length,
      );
    }
    if (error instanceof Error && error.message === 'Ambiguous results.') {
      throw new SearchQueryError(
        searchCode.syntax_error,
        'Syntax error: the query is ambiguous; add parentheses',
      );
    }
    throw error;
  }
}
