import type { z } from 'zod';
import { isoTimestamp } from '../../platform/iso-timestamp.ts';
import { inJsonbKeyOrder } from '../../platform/validation/json.ts';
import { orderUrlOf } from './customer-urls.ts';
import type { customerJsonSchema, orderJsonSchema, transactionJsonSchema } from './order-json-schema.ts';
import { type OrderView, paymentMethodDetailsOf, type TransactionView } from './order-view.ts';

/**
 * The spec's JSON representation of an order (2.2/2.3), for every REST face: snake_case, amounts in minor
 * units, timestamps in UTC ISO 8601. Optional fields without a value are left out rather than sent as null.
 * Its type is the response schema's: a field on one side only does not compile.
 */
export type OrderJson = z.input<typeof orderJsonSchema>;
export type TransactionJson = z.input<typeof transactionJsonSchema>;
type CustomerJson = z.input<typeof customerJsonSchema>;

/**
 * What a presenter fills in before `withoutEmpty`: every field of the representation, named (a field missing
 * here, or one the schema lacks, does not compile), each possibly null or undefined (left out).
 */
type Presented<Json> = { [K in keyof Json & string]: Json[K] | null | undefined };

const iso = (date: Date | null | undefined) => (date ? isoTimestamp(date) : undefined);

/** The order's own address in the REST API, the `Location` of the 201 that created it. */
export function orderResourceUrl(baseUrl: string, orderId: string): string {
  return `${baseUrl}/v1/orders/${orderId}/`;
}

/**
 * `merchantName` is the caller's merchant's (Actor.merchantName): every order a caller can read belongs to its
 * own project, hence to its merchant, so the name needs no read of its own.
 */
export function presentOrder(view: OrderView, baseUrl: string, merchantName: string): OrderJson {
  const { order } = view;
  const related = view.relatedOrders;
  const idsOf = (kind: string) => related.filter((r) => r.kind === kind).map((r) => r.id);
  const json: Presented<OrderJson> = {
    id: order.id,
    project_id: order.projectId,
    merchant_id: order.merchantId,
    merchant_name: merchantName,
    merchant_order_id: order.merchantOrderId,
    description: order.description,
    currency: order.currency,
    amount: order.amount,
    status: order.status,
    flags: order.flags,
    created: iso(order.createdAt),
    modified: iso(order.modifiedAt),
    completed: iso(order.completedAt),
    expiration_period: order.expirationPeriod,
    payment_methods: order.paymentMethods,
    transactions: view.transactions.map(presentTransaction),
    order_url: orderUrlOf(order, baseUrl),
    return_url: order.returnUrl,
    failure_url: order.failureUrl,
    webhook_url: order.webhookUrl,
    customer: customerJson(order.customer),
    client: order.client,
    extra: order.extra,
    // Stored as validated at input (order-lines.ts): the schema's shape.
    order_lines: order.orderLines as OrderJson['order_lines'],
    refunded_amount: order.kind === 'payment' ? order.refundedAmount : undefined,
    refund_orders: order.kind === 'payment' ? idsOf('refund') : undefined,
    related_orders: related.length ? related.map((r) => r.id) : undefined,
    refund_of_order_id: order.kind === 'refund' ? order.relatedOrderId : undefined,
    capture_of_order_id: order.kind === 'capture' ? order.relatedOrderId : undefined,
    void_of_order_id: order.kind === 'void' ? order.relatedOrderId : undefined,
    chargeback_orders: order.kind === 'payment' ? idsOf('chargeback') : undefined,
    chargeback_of_order_id: order.kind === 'chargeback' ? order.relatedOrderId : undefined,
    reversal_orders: order.kind === 'chargeback' ? idsOf('reversal') : undefined,
    reversal_of_order_id: order.kind === 'reversal' ? order.relatedOrderId : undefined,
    related_order_id: order.relatedOrderId,
    related_payment_link_id: order.paymentLinkId,
  };
  return withoutEmpty<OrderJson>(json);
}

export function presentTransaction(view: TransactionView): TransactionJson {
  const { transaction: t } = view;
  return withoutEmpty<TransactionJson>({
    id: t.id,
    order_id: t.orderId,
    amount: t.amount,
    currency: t.currency,
    credit_debit: t.creditDebit,
    payment_method: t.paymentMethod,
    payment_method_brand: t.paymentMethodBrand,
    payment_method_details: paymentMethodDetailsOf(t),
    refund_of_transaction_id: t.refundOfTransactionId,
    void_of_transaction_id: t.voidOfTransactionId,
    capture_of_transaction_id: t.captureOfTransactionId,
    is_capturable: t.isCapturable,
    outcomes: t.outcomes,
    payment_url: t.paymentUrl,
    reason: t.reason,
    status: t.status,
    created: iso(t.createdAt),
    modified: iso(t.modifiedAt),
    events: view.events.map((e) => ({
      event: e.event,
      id: e.id,
      occurred: isoTimestamp(e.occurredAt),
      source: e.source,
    })),
  });
}

/**
 * The customer as sent, with `additional_addresses` always there (`[]` when none was sent): the real service
 * answers it on every order with a customer, and the shop plugins' SDK cannot read an order without it. Its
 * key goes where jsonb would put it, so the answer is the same whether the customer sent it or not.
 */
function customerJson(customer: OrderView['order']['customer'] | undefined): CustomerJson | null | undefined {
  // Stored as validated at input (order-input.ts): the schema's shape.
  if (!customer || Array.isArray(customer.additional_addresses))
    return customer as CustomerJson | null | undefined;
  return inJsonbKeyOrder({ ...customer, additional_addresses: [] }) as CustomerJson;
}

/**
 * Arrays that may be left out when empty, as the real service does: the shop plugins' SDK re-serialises an
 * order without its empty optional arrays and compares. `transactions` and `flags` are always there.
 */
const OMITTED_WHEN_EMPTY = new Set([
  'refund_orders',
  'chargeback_orders',
  'reversal_orders',
  'related_orders',
]);

/**
 * `json` without its null and undefined fields, nor its empty optional arrays, in the same order (a plain loop:
 * on every order read).
 */
function withoutEmpty<Json>(json: Presented<Json>): Json {
  const kept: Record<string, unknown> = {};
  for (const key in json) {
    const value: unknown = (json as Record<string, unknown>)[key];
    if (value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0 && OMITTED_WHEN_EMPTY.has(key)) continue;
    kept[key] = value;
  }
  // What is left out is optional in the schema, or the compiler would have refused a null or undefined above.
  return kept as Json;
}
