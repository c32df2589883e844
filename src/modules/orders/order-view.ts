import type { JsonObject, Order } from './order.entity.ts';
import type { Transaction, TransactionEvent } from './transaction.entity.ts';

/** An order with everything its representation needs (REST, GraphQL, webhooks' readers alike). */
export interface OrderView {
  order: Order;
  transactions: TransactionView[];
  /** Orders created from this one (refunds, captures, voids), oldest first. */
  relatedOrders: Pick<Order, 'id' | 'kind'>[];
}

export interface TransactionView {
  transaction: Transaction;
  events: TransactionEvent[];
}

/** `payment_method_details` as every face shows it: the public details, and the setup token while it has one. */
export function paymentMethodDetailsOf(transaction: Transaction): JsonObject {
  const details: JsonObject = { ...transaction.paymentMethodDetails };
  if (transaction.setupToken) details.setup_token = transaction.setupToken;
  return details;
}
