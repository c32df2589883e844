import { type CsvCell, csvCells } from './csv.ts';
import { formatAmountWithDecimals } from './currency-amount.ts';
import type { ReportDbRow } from './search.repository.ts';

/** One transaction line of the CSV report (spec 4.14), cells in column order and neutralised. */
export function reportCells(row: ReportDbRow): CsvCell[] {
  return csvCells({
    id: row.id,
    merchant_order_id: row.merchant_order_id,
    created: isoTimestamp(row.created),
    completed: row.completed === null ? null : isoTimestamp(row.completed),
    currency: row.currency,
    // Digits of a bigint column, written as they are (never through a float); digits need no neutralising.
    amount: row.amount,
    status: row.status,
    'transaction.id': row.transaction_id,
    'transaction.status': row.transaction_status,
    'transaction.payment_method': row.transaction_payment_method,
    'transaction.payment_method_brand': row.transaction_payment_method_brand,
    'transaction.amount_with_decimals': formatAmountWithDecimals(
      row.transaction_amount,
      row.transaction_currency,
    ),
    'transaction.refund_of_transaction_id': row.transaction_refund_of_transaction_id,
    'transaction.payment_method_details.truncated_pan': row.transaction_truncated_pan,
    'transaction.settlement_currency': row.transaction_settlement_currency,
    'transaction.settlement_amount': integerOrText(row.transaction_settlement_amount),
    'transaction.fee_currency': row.transaction_fee_currency,
    'transaction.fee_amount': integerOrText(row.transaction_fee_amount),
    'customer.merchant_customer_id': row.customer_merchant_customer_id,
    merchant_id: row.merchant_id,
    project_id: row.project_id,
  });
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
