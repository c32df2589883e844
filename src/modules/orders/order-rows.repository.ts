/**
 * The columns of the orders module's tables, each once: property name -> column name. The read model builds
 * its JSON from them and the direct writes (order-writes.repository.ts) turn records into rows with them, so
 * a column added by a migration is added here, and both follow.
 */
export type ColumnMap = readonly (readonly [property: string, column: string])[];

export const ORDER_COLUMNS: ColumnMap = [
  ['id', 'id'],
  ['projectId', 'project_id'],
  ['merchantId', 'merchant_id'],
  ['kind', 'kind'],
  ['merchantOrderId', 'merchant_order_id'],
  ['description', 'description'],
  ['currency', 'currency'],
  ['amount', 'amount'],
  ['status', 'status'],
  ['flags', 'flags'],
  ['checkout', 'checkout'],
  ['expirationPeriod', 'expiration_period'],
  ['expiresAt', 'expires_at'],
  ['paymentMethods', 'payment_methods'],
  ['returnUrl', 'return_url'],
  ['failureUrl', 'failure_url'],
  ['webhookUrl', 'webhook_url'],
  ['customer', 'customer'],
  ['client', 'client'],
  ['extra', 'extra'],
  ['orderLines', 'order_lines'],
  ['refundedAmount', 'refunded_amount'],
  ['relatedOrderId', 'related_order_id'],
  ['paymentLinkId', 'payment_link_id'],
  ['createdAt', 'created_at'],
  ['modifiedAt', 'modified_at'],
  ['completedAt', 'completed_at'],
];

export const TRANSACTION_COLUMNS: ColumnMap = [
  ['id', 'id'],
  ['orderId', 'order_id'],
  ['projectId', 'project_id'],
  ['amount', 'amount'],
  ['currency', 'currency'],
  ['creditDebit', 'credit_debit'],
  ['paymentMethod', 'payment_method'],
  ['paymentMethodBrand', 'payment_method_brand'],
  ['paymentMethodDetails', 'payment_method_details'],
  ['status', 'status'],
  ['captureMode', 'capture_mode'],
  ['isCapturable', 'is_capturable'],
  ['outcomes', 'outcomes'],
  ['reason', 'reason'],
  ['paymentUrl', 'payment_url'],
  ['setupToken', 'setup_token'],
  ['setupTokenUsedAt', 'setup_token_used_at'],
  ['refundOfTransactionId', 'refund_of_transaction_id'],
  ['voidOfTransactionId', 'void_of_transaction_id'],
  ['captureOfTransactionId', 'capture_of_transaction_id'],
  ['settlementAmount', 'settlement_amount'],
  ['settlementCurrency', 'settlement_currency'],
  ['feeAmount', 'fee_amount'],
  ['feeCurrency', 'fee_currency'],
  ['createdAt', 'created_at'],
  ['modifiedAt', 'modified_at'],
];

/** `seq` is the database's (bigserial): read, never written. */
export const EVENT_COLUMNS: ColumnMap = [
  ['id', 'id'],
  ['transactionId', 'transaction_id'],
  ['projectId', 'project_id'],
  ['event', 'event'],
  ['source', 'source'],
  ['fromStatus', 'from_status'],
  ['occurredAt', 'occurred_at'],
];

/** `id` is the database's (bigserial). */
export const OUTBOX_COLUMNS: ColumnMap = [
  ['eventId', 'event_id'],
  ['type', 'type'],
  ['projectId', 'project_id'],
  ['orderId', 'order_id'],
  ['transactionId', 'transaction_id'],
  ['data', 'data'],
  ['occurredAt', 'occurred_at'],
  ['createdAt', 'created_at'],
  ['relayedAt', 'relayed_at'],
];

/** `'id', o.id, 'projectId', o.project_id, ...`: the arguments of json_build_object for a row alias. */
export function jsonFields(alias: string, columns: ColumnMap): string {
  return columns.map(([property, column]) => `'${property}', ${alias}.${column}`).join(', ');
}

/** A record as a row object keyed by column (JSON turns its dates into ISO 8601 text). */
export function rowOf(record: object, columns: ColumnMap): Record<string, unknown> {
  const source = record as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [property, column] of columns) row[column] = source[property] ?? null;
  return row;
}

/** Inserts the rows of a JSON array (`$1`) of row objects into `table`. */
export function insertRowsSql(table: string, columns: ColumnMap): string {
  const names = columns.map(([, column]) => column).join(', ');
  return `insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, $1::json)`;
}

/**
 * Writes every column but the key of the rows of a JSON array (`$1`) of whole row objects over `table`.
 *
 * One row (`count` 1: a command's order, its transaction) is found by its key in the JSON itself, which PostgreSQL
 * reaches through the primary key at any size of the table. Several rows are also found by their keys as an array
 * (`t.id = any(...)`); the planner takes that array (and the set-returning function) for 100 rows, and against a
 * young table a 100-row join plans as a sequential scan of the whole table. It did for one row too: on a new
 * database (orders' statistics cleared by 20261127100000, then a few hundred to a few thousand rows) the card
 * flow's order update and both transaction updates scanned the whole table at every flow.
 */
export function updateRowsSql(table: string, columns: ColumnMap, count = 2): string {
  const assignments = columns
    .filter(([, column]) => column !== 'id')
    .map(([, column]) => `${column} = r.${column}`)
    .join(', ');
  if (count === 1) {
    return `update ${table} t set ${assignments} from json_populate_record(null::${table}, $1::json -> 0) r
    where t.id = ($1::json -> 0 ->> 'id')::uuid`;
  }
  return `update ${table} t set ${assignments} from json_populate_recordset(null::${table}, $1::json) r
    where t.id = r.id and t.id = any(array(select (e ->> 'id')::uuid from json_array_elements($1::json) e))`;
}
