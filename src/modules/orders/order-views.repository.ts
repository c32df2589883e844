import { preparedStatement } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';
import {
  markUnreadParts,
  type OrderRecord,
  type OrderView,
  type TransactionEventRecord,
  type TransactionRecord,
  type TransactionView,
} from './order-view.ts';

/** What of an order's view to read besides the order and its transactions. */
export interface ViewParts {
  /** Each transaction's events (REST always shows them; GraphQL only when selected). */
  events: boolean;
  /** The orders created from it (refunds, captures, voids). */
  relatedOrders: boolean;
}

export const WHOLE_VIEW: ViewParts = Object.freeze({ events: true, relatedOrders: true });

const ORDER_FIELDS = `
  'id', o.id, 'projectId', o.project_id, 'merchantId', o.merchant_id, 'kind', o.kind,
  'merchantOrderId', o.merchant_order_id, 'description', o.description, 'currency', o.currency,
  'amount', o.amount, 'status', o.status, 'flags', o.flags, 'checkout', o.checkout,
  'expirationPeriod', o.expiration_period, 'expiresAt', o.expires_at, 'paymentMethods', o.payment_methods,
  'returnUrl', o.return_url, 'failureUrl', o.failure_url, 'webhookUrl', o.webhook_url,
  'customer', o.customer, 'client', o.client, 'extra', o.extra, 'refundedAmount', o.refunded_amount,
  'relatedOrderId', o.related_order_id, 'createdAt', o.created_at, 'modifiedAt', o.modified_at,
  'completedAt', o.completed_at`;

const TRANSACTION_FIELDS = `
  'id', t.id, 'orderId', t.order_id, 'projectId', t.project_id, 'amount', t.amount, 'currency', t.currency,
  'creditDebit', t.credit_debit, 'paymentMethod', t.payment_method, 'paymentMethodBrand', t.payment_method_brand,
  'paymentMethodDetails', t.payment_method_details, 'status', t.status, 'captureMode', t.capture_mode,
  'isCapturable', t.is_capturable, 'outcomes', t.outcomes, 'reason', t.reason, 'paymentUrl', t.payment_url,
  'setupToken', t.setup_token, 'setupTokenUsedAt', t.setup_token_used_at,
  'refundOfTransactionId', t.refund_of_transaction_id, 'voidOfTransactionId', t.void_of_transaction_id,
  'captureOfTransactionId', t.capture_of_transaction_id, 'createdAt', t.created_at, 'modifiedAt', t.modified_at`;

const EVENT_FIELDS = `
  'id', e.id, 'transactionId', e.transaction_id, 'event', e.event, 'source', e.source,
  'fromStatus', e.from_status, 'occurredAt', e.occurred_at, 'seq', e.seq`;

/**
 * The order read model in one statement: each order with its transactions (oldest first), their events (in
 * the order they happened) and the orders created from it, aggregated to JSON by PostgreSQL. $1 the order ids,
 * $2 the caller's project (null only for customer-facing flows keyed by an unguessable id), $3 and $4 whether
 * to include events and related orders: a part not asked for is never evaluated.
 */
const READ_VIEWS = preparedStatement(
  'orders.read_views',
  `select json_build_object(
     'order', json_build_object(${ORDER_FIELDS}),
     'transactions', coalesce((
       select json_agg(json_build_object(
         'transaction', json_build_object(${TRANSACTION_FIELDS}),
         'events', case when $3::boolean then coalesce((
           select json_agg(json_build_object(${EVENT_FIELDS}) order by e.seq)
             from transaction_events e where e.transaction_id = t.id), '[]'::json) else '[]'::json end
       ) order by t.created_at, t.id)
       from transactions t where t.order_id = o.id), '[]'::json),
     'relatedOrders', case when $4::boolean then coalesce((
       select json_agg(json_build_object('id', r.id, 'kind', r.kind) order by r.created_at, r.id)
         from orders r where r.related_order_id = o.id), '[]'::json) else '[]'::json end
   )::text as view
   from orders o
   where o.id = any($1::uuid[]) and ($2::uuid is null or o.project_id = $2::uuid)`,
);

/** The read model of orders (order-view.ts). Reads only: it never locks and never writes. */
export class OrderViewRepository extends Repository {
  /**
   * The views of the given orders in the order of `ids` (unknown ids, and another project's orders, are left
   * out). `projectId` null skips the tenant check: only for flows keyed by the order id itself.
   */
  async readViews(projectId: string | null, ids: readonly string[], parts: ViewParts): Promise<OrderView[]> {
    if (ids.length === 0) return [];
    const rows = await this.prepared<{ view: string }>(READ_VIEWS, [
      ids,
      projectId,
      parts.events,
      parts.relatedOrders,
    ]);
    const byId = new Map<string, OrderView>();
    for (const row of rows) {
      const view = toOrderView(JSON.parse(row.view) as StoredView);
      if (!parts.events || !parts.relatedOrders) markUnreadParts(view, parts);
      byId.set(view.order.id, view);
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}

/** The view as PostgreSQL's JSON has it: timestamps as ISO 8601 text. */
interface StoredView {
  order: Stored<OrderRecord>;
  transactions: { transaction: Stored<TransactionRecord>; events: Stored<TransactionEventRecord>[] }[];
  relatedOrders: OrderView['relatedOrders'];
}
type Stored<T> = {
  -readonly [K in keyof T]: [NonNullable<T[K]>] extends [Date]
    ? T[K] extends Date
      ? string
      : string | null
    : T[K];
};

const date = (value: string) => new Date(value);
const dateOrNull = (value: string | null | undefined) => (value == null ? null : new Date(value));

function toOrderView(stored: StoredView): OrderView {
  const o = stored.order;
  const order: OrderRecord = {
    ...o,
    expiresAt: date(o.expiresAt),
    createdAt: date(o.createdAt),
    modifiedAt: date(o.modifiedAt),
    completedAt: dateOrNull(o.completedAt),
  };
  return {
    order,
    transactions: stored.transactions.map(toTransactionView),
    relatedOrders: stored.relatedOrders,
  };
}

function toTransactionView(stored: StoredView['transactions'][number]): TransactionView {
  const t = stored.transaction;
  return {
    transaction: {
      ...t,
      setupTokenUsedAt: dateOrNull(t.setupTokenUsedAt),
      createdAt: date(t.createdAt),
      modifiedAt: date(t.modifiedAt),
    },
    events: stored.events.map((e) => ({ ...e, occurredAt: date(e.occurredAt) })),
  };
}
