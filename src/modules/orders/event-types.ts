/**
 * Every event type of the outbox and the events feed, with the snapshot each carries (`data`, snake_case as on
 * REST). The README's "Events feed" section documents the same list.
 *
 * | type                         | on the order of            | data                                                   |
 * |------------------------------|----------------------------|--------------------------------------------------------|
 * | `order.created`              | the new order              | status, amount, currency, kind, checkout               |
 * | `order.status_changed`       | the order                  | status, from_status, amount, currency, kind            |
 * | `transaction.status_changed` | the transaction's order    | transaction_id, status, from_status, amount, currency, payment_method |
 * | `order.refunded`             | the refunded order         | refund_order_id, amount, currency, refunded_amount     |
 * | `order.captured`             | the captured order         | capture_order_id, amount, currency                     |
 * | `order.voided`               | the voided order           | void_order_id, amount, currency                        |
 * | `order.charged_back`         | the disputed order         | chargeback_order_id, amount, currency                  |
 * | `order.chargeback_reversed`  | the chargeback order       | reversal_order_id, amount, currency                    |
 * | `webhook.gave_up`            | the notification's order   | delivery_id, attempts, error_kind, http_status         |
 */
export const EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'transaction.status_changed',
  'order.refunded',
  'order.captured',
  'order.voided',
  'order.charged_back',
  'order.chargeback_reversed',
  'webhook.gave_up',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** An event's snapshot: flat JSON values only. */
export type EventData = Record<string, string | number | boolean | null>;

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
