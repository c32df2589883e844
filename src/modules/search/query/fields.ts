/**
 * The searchable fields and the SQL expression each one reads. Expressions are constant text over the aliases
 * `o` (orders) and `t` (transactions, only inside the `exists` sub-select built by the translator).
 */

/** How a field's value is validated and compared. */
export type SearchFieldKind =
  /** uuid, exact; an invalid uuid is a `invalid_value` error. */
  | 'uuid'
  /** Exact, case-sensitive string. */
  | 'keyword'
  /** Exact string from a lower-case vocabulary; the value is lower-cased before comparing. */
  | 'lowercase_keyword'
  /** Order status; lower-cased and checked against the statuses of spec part 3.1. */
  | 'order_status'
  /** ISO 4217 code `^[A-Za-z]{3}$`, upper-cased. */
  | 'currency'
  /** Non-negative integer in minor units; supports ranges and `:>`, `:>=`, `:<`, `:<=`. */
  | 'amount'
  /** UTC day `YYYY-MM-DD`; supports ranges and `:>`, `:>=`, `:<`, `:<=`. */
  | 'date'
  /** The text[] column contains the value (exact). */
  | 'flag'
  /** Case-insensitive substring (`ilike '%value%'`, with `%`, `_` and `\` taken literally). */
  | 'contains'
  /** Case-insensitive exact e-mail address. */
  | 'email'
  /**
   * Exact, case-sensitive: some order line (jsonb array `expression`) has this value under `key` (containment,
   * which the partial GIN index on `orders.order_lines` serves).
   */
  | 'order_line';

export type SearchField = {
  readonly name: string;
  readonly kind: SearchFieldKind;
  /** SQL expression compared with the value. */
  readonly expression: string;
  /** Whether `expression` can be NULL; such terms get an `is not null` guard so `NOT` stays two-valued. */
  readonly nullable: boolean;
  /** For `order_line` fields: the key of a line that holds the value. */
  readonly key?: string;
  /** `transaction` fields are matched by `exists (select 1 from transactions t where t.order_id = o.id and ...)`. */
  readonly scope: 'order' | 'transaction';
};

const field = (
  name: string,
  kind: SearchFieldKind,
  expression: string,
  nullable: boolean,
  scope: 'order' | 'transaction' = 'order',
): SearchField => ({ name, kind, expression, nullable, scope });

export const SEARCH_FIELDS: readonly SearchField[] = [
  field('id', 'uuid', 'o.id', false),
  field('merchant_order_id', 'keyword', 'o.merchant_order_id', true),
  field('status', 'order_status', 'o.status', false),
  field('currency', 'currency', 'o.currency', false),
  field('amount', 'amount', 'o.amount', false),
  field('created', 'date', 'o.created_at', false),
  field('modified', 'date', 'o.modified_at', false),
  field('completed', 'date', 'o.completed_at', true),
  field('flags', 'flag', 'o.flags', false),
  field('description', 'contains', 'o.description', true),
  field('transactions.status', 'lowercase_keyword', 't.status', false, 'transaction'),
  field('transactions.payment_method', 'lowercase_keyword', 't.payment_method', false, 'transaction'),
  field(
    'transactions.payment_method_brand',
    'lowercase_keyword',
    't.payment_method_brand',
    true,
    'transaction',
  ),
  field('customer.email_address', 'email', "o.customer->>'email_address'", true),
  field('customer.merchant_customer_id', 'keyword', "o.customer->>'merchant_customer_id'", true),
  {
    ...field('order_lines.merchant_order_line_id', 'order_line', 'o.order_lines', true),
    key: 'merchant_order_line_id',
  },
];

const FIELDS_BY_NAME = new Map(SEARCH_FIELDS.map((f) => [f.name, f]));

export function findSearchField(name: string): SearchField | undefined {
  return FIELDS_BY_NAME.get(name);
}

export const SEARCH_FIELD_NAMES: readonly string[] = SEARCH_FIELDS.map((f) => f.name);
