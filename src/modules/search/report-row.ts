import { type CsvCell, csvCells } from './csv.ts';
import { formatAmountWithDecimals } from './currency-amount.ts';
import type { ReportDbRow } from './search.repository.ts';

/** Whole numbers of minor units travel as text (bigint); written as they are, never through a float. */
const minorUnits = (text: string | null): bigint | null => (text === null ? null : BigInt(text));

/** One transaction line of the CSV report (spec 4.14), cells in column order and neutralised. */
export function reportCells(row: ReportDbRow): CsvCell[] {
  return csvCells({
    id: row.id,
    merchant_order_id: row.merchant_order_id,
    created: row.created,
    completed: row.completed,
    currency: row.currency,
    amount: minorUnits(row.amount),
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

/** Settlement and fee may come from columns added later; anything but an integer is kept as (neutralised) text. */
function integerOrText(text: string | null): bigint | string | null {
  if (text === null) return null;
  return /^-?\d+$/.test(text) ? BigInt(text) : text;
}
