/**
 * How the CSV report's rows travel from PostgreSQL: `COPY (…) TO STDOUT (FORMAT binary)` of plain columns in
 * CSV_COLUMNS order, so each row is a 16-bit field count then, per field, a 32-bit length (-1 for NULL) and the
 * value in its binary send format (uuid 16 bytes, timestamptz 8 bytes of microseconds since 2000-01-01 UTC, bigint
 * 8 bytes, text its UTF-8 bytes). Binary values cost the database a copy where text output formats every value
 * (timestamps above all), and COPY costs no protocol message per row. The SQL that builds it
 * (report.repository.ts) and the writer that reads it (report-lines.ts) share this list.
 *
 * Kinds: `uuid`, `timestamp`, `bigint` (the nullable ones may be NULL, written as an empty cell), `text` (NULL is
 * written as empty text, as the CSV cell is). `amountWithDecimals` is two fields, a bigint then a text (the
 * transaction's amount and currency).
 */
export type ReportFieldKind =
  | 'uuid'
  | 'uuid?'
  | 'timestamp'
  | 'timestamp?'
  | 'bigint'
  | 'bigint?'
  | 'text'
  | 'amountWithDecimals';

/**
 * The cell that is the same on every line of a report: the project the report is scoped to. The export does not
 * have PostgreSQL send it (each cell costs the database a function call and a copy per row); the writer is given
 * it once (ReportLineWriter's `projectId`).
 */
export const PROJECT_ID_COLUMN = 'project_id';

/** The kinds of the report line's cells, in CSV_COLUMNS order (checked against it by a unit test). */
export const REPORT_FIELDS = [
  ['id', 'uuid'],
  ['merchant_order_id', 'text'],
  ['created', 'timestamp'],
  ['completed', 'timestamp?'],
  ['currency', 'text'],
  ['amount', 'bigint'],
  ['status', 'text'],
  ['transaction.id', 'uuid'],
  ['transaction.status', 'text'],
  ['transaction.payment_method', 'text'],
  ['transaction.payment_method_brand', 'text'],
  ['transaction.amount_with_decimals', 'amountWithDecimals'],
  ['transaction.refund_of_transaction_id', 'uuid?'],
  ['transaction.payment_method_details.truncated_pan', 'text'],
  ['transaction.settlement_currency', 'text'],
  ['transaction.settlement_amount', 'bigint?'],
  ['transaction.fee_currency', 'text'],
  ['transaction.fee_amount', 'bigint?'],
  ['customer.merchant_customer_id', 'text'],
  ['merchant_id', 'uuid'],
  ['project_id', 'uuid'],
] as const satisfies readonly (readonly [string, ReportFieldKind])[];
