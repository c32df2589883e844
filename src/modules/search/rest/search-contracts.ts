import { z } from 'zod';
import { commonErrorEntries } from '../../../platform/errors/error-table.ts';
import { defineContract } from '../../../platform/http/route-contract.ts';
import { examplePaidOrder, orderJsonSchema } from '../../orders/index.ts';
import { type SearchQueryErrorCode, searchQueryErrors } from '../errors.ts';
import { searchBodySchema } from '../search-input.ts';

/** Spec 4.14; registered by search-routes.ts. */

/** Every search input error (a 400 whose `type` is the code); typed so that a new code must be described. */
const SEARCH_ERROR_WHEN: Readonly<Record<SearchQueryErrorCode, string>> = {
  empty_query: 'The query is empty',
  query_too_long: 'The query is over 2,000 characters',
  syntax_error: 'The query cannot be parsed (`value` says where)',
  unknown_field: 'The query names a field that cannot be searched',
  missing_field: 'A term has no field',
  missing_value: 'A field has no value',
  invalid_value: 'A value is not valid for its field (date, uuid, amount, status, currency)',
  invalid_range: 'A range on a field that has none, or a bad bound',
  unsupported_syntax: 'Wildcards, regular expressions, fuzzy or boost syntax',
  invalid_sort: '`sort` is not `<field> [asc|desc]` with a sortable field',
  invalid_paging: '`size` or `start` out of range, beyond the 10,000 window, or `start` with `search_after`',
  invalid_cursor: '`search_after` is not a cursor this search gave',
  cursor_mismatch: '`sort` or `size` changed within a deep-paging run',
};

const CSV_EXAMPLE =
  'id,merchant_order_id,created,completed,currency,amount,status,transaction.id,transaction.status,' +
  'transaction.payment_method,transaction.payment_method_brand,transaction.amount_with_decimals,' +
  'transaction.refund_of_transaction_id,transaction.payment_method_details.truncated_pan,' +
  'transaction.settlement_currency,transaction.settlement_amount,transaction.fee_currency,transaction.fee_amount,' +
  'customer.merchant_customer_id,merchant_id,project_id\r\n';

export const searchOrdersContract = defineContract({
  method: 'POST',
  path: '/v1/search/orders/',
  operationId: 'searchOrders',
  summary: 'Search orders (JSON or CSV)',
  description:
    'Spec 4.14. Without `format`, a page of matching orders, each exactly as retrieved. With `?format=csv`, the ' +
    'transaction report (one row per transaction), streamed: every matching order without `size`, `start` and ' +
    '`search_after`, else the same page as the JSON search. Simple paging (`start` and `size`) reaches 10,000 ' +
    'results; beyond, send `search_after: "-1"` and then each answer\'s `search_after` until `has_more` is false.',
  tags: ['Search'],
  auth: 'api_key',
  // A read sent as POST: viewer keys may search.
  role: 'viewer',
  query: z.object({
    format: z.enum(['csv']).optional().meta({ description: '`csv` for the transaction report.' }),
  }),
  body: {
    schema: searchBodySchema,
    // `sort: null` is the default sort, as the schema says: the same as leaving it out.
    keepsNull: ['sort'],
    examples: {
      completedInNovember: {
        summary: 'Completed orders of a month, newest first',
        value: {
          query: 'status:completed AND created:[2026-11-01 TO 2026-11-30]',
          sort: 'created desc',
          size: 50,
        },
      },
      deepPaging: { summary: 'First page of a deep-paging run', value: { query: '*', search_after: '-1' } },
    },
  },
  success: {
    status: 200,
    description: 'A page of orders; with `?format=csv` the report (`Content-Disposition: attachment`).',
    schema: z
      .strictObject({
        orders: z.array(orderJsonSchema).meta({ description: 'The page, each order as retrieved.' }),
        total: z
          .int()
          .min(0)
          .meta({
            description:
              'How many orders match in all; beyond 10,000 a lower bound (see `total_relation`), unless the request ' +
              'asked for `exact_total`.',
          }),
        total_relation: z.literal('gte').optional().meta({
          description: 'Present (`gte`) when `total` is a lower bound: more than 10,000 orders match.',
        }),
        search_after: z.string().nullable().meta({
          description:
            'The cursor after the last order of this page, for `search_after`; null on an empty page.',
        }),
        has_more: z.boolean().meta({ description: 'Whether another page follows.' }),
      })
      .meta({ id: 'OrderSearchResult' }),
    examples: {
      page: {
        value: {
          orders: [examplePaidOrder],
          total: 1,
          search_after: 'eyJ2IjoxLCJmaWVsZCI6ImNyZWF0ZWQifQ',
          has_more: false,
        },
      },
    },
    alternatives: {
      'text/csv': { description: 'RFC 4180, one row per transaction, CRLF line ends.', example: CSV_EXAMPLE },
    },
    headers: {
      'Content-Disposition': {
        description: 'With `?format=csv` only: `attachment; filename="orders-YYYY-MM-DD.csv"`.',
        mediaType: 'text/csv',
      },
    },
  },
  errors: [
    commonErrorEntries.invalid_request(
      'A body field of the wrong type, an unknown field, or a `format` other than `csv`',
      'format: "xlsx" is not a report format; the only one is csv',
    ),
    ...(Object.keys(SEARCH_ERROR_WHEN) as SearchQueryErrorCode[]).map((code) =>
      searchQueryErrors.entry(code, SEARCH_ERROR_WHEN[code]),
    ),
  ],
});
