import type { JsonObject, Order } from './order.entity.ts';
import type { RecordOf } from './record-of.ts';
import type { Transaction, TransactionEvent } from './transaction.entity.ts';

export type OrderRecord = RecordOf<Order>;
export type TransactionRecord = RecordOf<Transaction>;
export type TransactionEventRecord = RecordOf<TransactionEvent>;

/**
 * The order read model: an order with everything its representations need (REST, GraphQL, webhooks' readers
 * alike). Reads build it in one statement (OrderRepository.readViews); writes build it from what they wrote.
 */
export interface OrderView {
  order: OrderRecord;
  transactions: TransactionView[];
  /** Orders created from this one (refunds, captures, voids), oldest first. */
  relatedOrders: Pick<OrderRecord, 'id' | 'kind'>[];
}

export interface TransactionView {
  transaction: TransactionRecord;
  /** Every status the transaction entered, oldest first. */
  events: TransactionEventRecord[];
}

/** `payment_method_details` as every face shows it: the public details, and the setup token while it has one. */
export function paymentMethodDetailsOf(
  transaction: Pick<TransactionRecord, 'paymentMethodDetails' | 'setupToken'>,
): JsonObject {
  const details: JsonObject = { ...transaction.paymentMethodDetails };
  if (transaction.setupToken) details.setup_token = transaction.setupToken;
  return details;
}

/*
 * A read may leave parts out (GraphQL reads only what a query selects): the read model remembers which views
 * lack them, so a resolver that needs a part anyway can read it rather than show an empty list.
 */
const withoutEvents = new WeakSet<TransactionView>();
const withoutRelatedOrders = new WeakSet<OrderView>();

/** Marks what a read left out of `view` (order-views.repository.ts). */
export function markUnreadParts(view: OrderView, parts: { events: boolean; relatedOrders: boolean }): void {
  if (!parts.relatedOrders) withoutRelatedOrders.add(view);
  if (!parts.events) for (const transaction of view.transactions) markEventsUnread(transaction);
}

export function markEventsUnread(view: TransactionView): void {
  withoutEvents.add(view);
}

export function hasEvents(view: TransactionView): boolean {
  return !withoutEvents.has(view);
}

export function hasRelatedOrders(view: OrderView): boolean {
  return !withoutRelatedOrders.has(view);
}
