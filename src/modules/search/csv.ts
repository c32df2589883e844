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

/** `=`, `+`, `-`, `@`, TAB, CR: the first characters spreadsheets read as the start of a formula. */
const FORMULA_STARTS = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);

/** Prefixes `'` to text a spreadsheet would evaluate as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_STARTS.has(text.charCodeAt(0)) ? `'${text}` : text;
}

/** The row's cells in CSV_COLUMNS order, text neutralised against formula injection. */
export function csvCells(row: CsvRow): CsvCell[] {
  return CSV_COLUMNS.map((column) => csvCell(row[column]));
}

/** One value as its cell: empty for null, text neutralised, numbers as they are, dates in ISO 8601. */
export function csvCell(value: CsvValue): CsvCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  if (value instanceof Date) return value.toISOString();
  return neutraliseFormula(value);
}

/** The header line, CRLF-terminated. */
export const CSV_HEADER_LINE = csvLine([...CSV_COLUMNS]);

/**
 * One CSV line of cells (from `csvCells`), RFC 4180 as csv-stringify writes it with the options below: a cell
 * with a comma, quote, CR or LF quoted and its quotes doubled, CRLF at the end. The report writes its lines
 * with this rather than through the stringifier: a stream transform per row cost ten times the rest of the row
 * (a unit test holds the two to the same output).
 */
export function csvLine(cells: readonly CsvCell[]): string {
  let line = '';
  for (let index = 0; index < cells.length; index++) {
    line += index === 0 ? csvField(cells[index]!) : `,${csvField(cells[index]!)}`;
  }
  return `${line}\r\n`;
}

/** A cell as it is written between the commas of a line (quoted when it must be). */
export function csvField(cell: CsvCell): string {
  return quoted(typeof cell === 'string' ? cell : String(cell));
}

function quoted(text: string): string {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // " , LF CR
    if (code === 0x22 || code === 0x2c || code === 0x0a || code === 0x0d) {
      return `"${text.replaceAll('"', '""')}"`;
    }
  }
  return text;
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
