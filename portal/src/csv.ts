/**
 * The CSV report of the current search, built in the browser from the `orders` connection: the columns and rules
 * of the REST report (`POST /v1/search/orders/?format=csv`, spec 4.14) — one row per transaction (an order
 * without one gets one row), RFC 4180 quoting, CRLF line ends, and cells that a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`, tab, CR) prefixed with `'`. Settlement and fee columns stay empty: GraphQL does
 * not expose them.
 */

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

type Cell = string | number | null | undefined;

export interface CsvOrder {
  id: string;
  merchantOrderId?: string | null;
  created: string;
  completed?: string | null;
  currency: string;
  amount: number;
  status: string;
  merchantId: string;
  projectId: string;
  customer?: { merchantCustomerId?: string | null } | null;
  transactions: {
    id: string;
    status: string;
    paymentMethod: string;
    paymentMethodBrand?: string | null;
    amount: number;
    currency: string;
    refundOfTransactionId?: string | null;
    paymentMethodDetails: { truncatedPan?: string | null };
  }[];
}

/** The REST spelling of an enum value: `SEE_TRANSACTIONS` → `see-transactions`. */
export const restValue = (value: string) => value.toLowerCase().replace(/_/g, '-');

export function csvHeader(): string {
  return `${CSV_COLUMNS.map(csvCell).join(',')}\r\n`;
}

export function csvRows(
  order: CsvOrder,
  amountWithDecimals: (minor: number, currency: string) => string,
): string {
  const base: Cell[] = [
    order.id,
    order.merchantOrderId,
    order.created,
    order.completed,
    order.currency,
    order.amount,
    restValue(order.status),
  ];
  const tail: Cell[] = [order.customer?.merchantCustomerId, order.merchantId, order.projectId];
  const transactions = order.transactions.length > 0 ? order.transactions : [null];
  return transactions
    .map((transaction) => {
      const cells: Cell[] = transaction
        ? [
            transaction.id,
            restValue(transaction.status),
            restValue(transaction.paymentMethod),
            transaction.paymentMethodBrand,
            amountWithDecimals(transaction.amount, transaction.currency),
            transaction.refundOfTransactionId,
            transaction.paymentMethodDetails.truncatedPan,
            null,
            null,
            null,
            null,
          ]
        : Array<Cell>(11).fill(null);
      return `${[...base, ...cells, ...tail].map(csvCell).join(',')}\r\n`;
    })
    .join('');
}

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
