import { CSV_COLUMNS, type CsvCell, type CsvColumn, type CsvValue, csvCell, csvField } from './csv.ts';
import { formatAmountWithDecimals } from './currency-amount.ts';
import type { ReportDbRow } from './search.repository.ts';

/** How each column of the CSV report (spec 4.14) is read from a report row, in CSV_COLUMNS order. */
const CELLS: Readonly<Record<CsvColumn, (row: ReportDbRow) => CsvValue>> = {
  id: (row) => row.id,
  merchant_order_id: (row) => row.merchant_order_id,
  created: (row) => isoTimestamp(row.created),
  completed: (row) => (row.completed === null ? null : isoTimestamp(row.completed)),
  currency: (row) => row.currency,
  // Digits of a bigint column, written as they are (never through a float); digits need no neutralising.
  amount: (row) => row.amount,
  status: (row) => row.status,
  'transaction.id': (row) => row.transaction_id,
  'transaction.status': (row) => row.transaction_status,
  'transaction.payment_method': (row) => row.transaction_payment_method,
  'transaction.payment_method_brand': (row) => row.transaction_payment_method_brand,
  'transaction.amount_with_decimals': (row) =>
    formatAmountWithDecimals(row.transaction_amount, row.transaction_currency),
  'transaction.refund_of_transaction_id': (row) => row.transaction_refund_of_transaction_id,
  'transaction.payment_method_details.truncated_pan': (row) => row.transaction_truncated_pan,
  'transaction.settlement_currency': (row) => row.transaction_settlement_currency,
  'transaction.settlement_amount': (row) => integerOrText(row.transaction_settlement_amount),
  'transaction.fee_currency': (row) => row.transaction_fee_currency,
  'transaction.fee_amount': (row) => integerOrText(row.transaction_fee_amount),
  'customer.merchant_customer_id': (row) => row.customer_merchant_customer_id,
  merchant_id: (row) => row.merchant_id,
  project_id: (row) => row.project_id,
};
const CELLS_IN_ORDER = CSV_COLUMNS.map((column) => CELLS[column]);

/** One transaction line of the CSV report, cells in column order and neutralised. */
export function reportCells(row: ReportDbRow): CsvCell[] {
  return CELLS_IN_ORDER.map((cell) => csvCell(cell(row)));
}

/**
 * The same line as CSV text (what `csvLine(reportCells(row))` writes), built without the intermediate cells:
 * the export writes a million of these, and what it allocates per row is what it costs.
 */
export function reportLine(row: ReportDbRow): string {
  // Joined rather than concatenated: one flat string, not a chain of pieces to flatten when it is sent.
  const fields = new Array<string>(CELLS_IN_ORDER.length);
  for (let index = 0; index < CELLS_IN_ORDER.length; index++) {
    fields[index] = csvField(csvCell(CELLS_IN_ORDER[index]!(row)));
  }
  return `${fields.join(',')}\r\n`;
}

const POSTGRES_UTC = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?$/;

/**
 * PostgreSQL's UTC timestamp text (`2026-11-21 10:00:00.12`, trailing zeros of the fraction dropped) as ISO 8601
 * with milliseconds, exactly as the JSON representation writes it (`2026-11-21T10:00:00.120Z`). Microseconds are
 * cut, as a JavaScript Date does.
 */
export function isoTimestamp(text: string): string {
  // Every row has two: slicing the checked text costs a fraction of the regular expression's groups.
  if (!POSTGRES_UTC.test(text)) throw new RangeError(`"${text}" is not a UTC timestamp`);
  const fraction = text.length > 20 ? text.slice(20, 23) : '';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction.padEnd(3, '0')}Z`;
}

/**
 * Settlement and fee may come from columns added later. A negative integer is written as a number (a leading
 * `-` would otherwise be neutralised as a formula); anything else goes through as text, neutralised if need be.
 */
function integerOrText(text: string | null): bigint | string | null {
  if (text === null) return null;
  return /^-\d+$/.test(text) ? BigInt(text) : text;
}
