/**
 * The orders module's front door: what other modules may use of it. `npm run boundaries` refuses any other
 * import across modules; the module's own files never import it.
 */
export { merchantCancelRefusal } from './cancel-rules.ts';
export { createOrder, refuseWhatTheProjectCannotUse } from './commands/create-order.ts';
export { expireOrderIfDue } from './commands/expire-order.ts';
export { getOrder, getOrders } from './commands/get-order.ts';
export { getOrdersOfProjects } from './commands/get-orders.ts';
export { customerReturnUrl, orderRetryUrl, orderUrl, paymentPageUrl } from './customer-urls.ts';
export { addIsoDuration } from './duration.ts';
export { orderErrorEntries, orderErrors, SETUP_TOKEN_ERRORS, setupTokenNotFound } from './errors.ts';
export { EVENT_TYPES, type EventData, type EventType } from './event-types.ts';
export { currencyExponent, describeMoney, formatAmountWithDecimals, MAX_AMOUNT } from './money.ts';
export { type JsonObject, Order } from './order.entity.ts';
export { isUuid, OrderRepository } from './order.repository.ts';
export { recordFollowUp, recordWebhookGaveUp } from './order-events.ts';
export {
  AMOUNT_RULE,
  amountSchema,
  type CreateOrderInput,
  type CreateOrderInputSchema,
  type PaymentMethodDetailsInput,
} from './order-input.ts';
export { type OrderJson, orderResourceUrl, presentOrder } from './order-json.ts';
export {
  EXAMPLE_IDS,
  exampleFollowUpOrder,
  examplePaidOrder,
  exampleRefundOrder,
} from './order-json-examples.ts';
export { orderIdParam, orderJsonSchema } from './order-json-schema.ts';
export { lineInOtherCurrency, orderLinesFromGraphQL, orderLinesSchema } from './order-lines.ts';
export type { OrderView, TransactionView } from './order-view.ts';
export { OrderViewRepository, type ViewParts, WHOLE_VIEW } from './order-views.repository.ts';
export { OrderChanges, OrderWriteRepository } from './order-writes.repository.ts';
export { OutboxEvent } from './outbox.entity.ts';
export type { OutboxConsumer, OutboxConsumers, OutboxNeed } from './outbox-consumers.ts';
export type {
  NewTransaction,
  NewTransactionRequest,
  OrderDeps,
  PaymentMethodCatalog,
  PaymentMethodHandler,
  PaymentMethodRegistry,
} from './payment-methods.ts';
export { feeRulesOfOrder } from './settlement-rules.ts';
export { checkSetupToken, issueSetupToken, lockSetupTokenTransaction, useSetupToken } from './setup-token.ts';
export {
  FINAL_ORDER_STATUSES,
  isFailedTransactionStatus,
  isFinalOrderStatus,
  isOpenTransactionStatus,
  isSucceededTransactionStatus,
  ORDER_STATUSES,
  type OrderStatus,
  TRANSACTION_STATUSES,
  type TransactionStatus,
} from './state-machine.ts';
export {
  changeTransactionStatus,
  closeOrder,
  recordNewOrder,
  recordNewTransaction,
  type StatusChangeContext,
} from './status-changes.ts';
export { processingOutcomes, Transaction, type TransactionEvent } from './transaction.entity.ts';
