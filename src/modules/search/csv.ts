/**
 * CSV report of order search (spec 4.14, `format=csv`): one row per transaction carrying its order's fields,
 * columns in the spec's order and with its header names. Output is RFC 4180: comma-separated, CRLF line ends,
 * fields with a comma, quote, CR or LF quoted, quotes doubled (csv-stringify).
 *
 * Formula injection: a text cell beginning with `=`, `+`, `-`, `@`, TAB or CR gets a leading `'`, so
 * spreadsheet programs show it as text instead of evaluating it (OWASP "CSV injection"). Cells given as
 * numbers or bigints are written as they are, since a number cannot carry a formula; amounts are >= 0 anyway,
 * so no negative number is ever emitted, and `transaction.amount_with_decimals` ("9.95") never starts with `-`.
 * The stringifier also sets csv-stringify's `escape_formulas` with the same rules, as a safety net for cells
 * that did not go through `csvCells`; it leaves already neutralised cells (starting with `'`) unchanged.
 */
import { type Stringifier, stringify } from 'csv-stringify';

export const CSV_COLUMNS = [
  'id',
  'merchant_order_id',
  'created',
  'completed',
  'currency',
  'amount',
  'status',
  'transaction.id',
  'transaction.status',
  'transaction.payment_method',
  'transaction.payment_method_brand',
  'transaction.amount_with_decimals',
  'transaction.refund_of_transaction_id',
  'transaction.payment_method_details.truncated_pan',
  'transaction.settlement_currency',
  'transaction.settlement_amount',
  'transaction.fee_currency',
  'transaction.fee_amount',
  'customer.merchant_customer_id',
  'merchant_id',
  'project_id',
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Dates are written as ISO 8601 UTC; null and undefined as an empty cell. */
export type CsvValue = string | number | bigint | Date | null | undefined;

/** One report row, keyed by the column (header) names. Every column must be given, if only as null. */
export type CsvRow = Readonly<Record<CsvColumn, CsvValue>>;

export type CsvCell = string | number | bigint;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes `'` to text a spreadsheet would evaluate as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The row's cells in CSV_COLUMNS order, text neutralised against formula injection. */
export function csvCells(row: CsvRow): CsvCell[] {
  return CSV_COLUMNS.map((column) => csvCell(row[column]));
}

function csvCell(value: CsvValue): CsvCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  if (value instanceof Date) return value.toISOString();
  return neutraliseFormula(value);
}

/**
 * A streaming stringifier (a Transform: write `csvCells(row)` arrays, read CSV text) that starts with the
 * header line. `bom` prepends a UTF-8 byte order mark, which makes Excel read the file as UTF-8.
 */
export function createCsvStringifier(options: { bom?: boolean } = {}): Stringifier {
  return stringify({
    header: true,
    columns: CSV_COLUMNS.map((header, index) => ({ key: String(index), header })),
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    escape_formulas: true,
    bom: options.bom ?? false,
  });
}
