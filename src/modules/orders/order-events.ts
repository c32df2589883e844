import type { EventData, EventType } from './event-types.ts';
import type { Order } from './order.entity.ts';
import type { OrderChanges } from './order-writes.repository.ts';
import { OutboxEvent } from './outbox.entity.ts';
import type { OrderStatus, TransactionStatus } from './state-machine.ts';
import type { Transaction } from './transaction.entity.ts';

/**
 * The outbox writer: the only code that builds outbox rows (the events feed, webhooks and subscriptions all
 * read them). Each function adds its row to the caller's change set, so the event commits or rolls back with
 * the change it records. Status changes call it from status-changes.ts; refunds, captures, voids and webhook
 * give-ups call it in one line.
 */
export interface EventContext {
  /** The command's change set, written in one statement (order-writes.repository.ts). */
  orders: OrderChanges;
  /** When the change happened (the unit of work's clock). */
  at: Date;
}

function recordEvent(
  ctx: EventContext,
  type: EventType,
  order: Pick<Order, 'id' | 'projectId'>,
  data: EventData,
  transactionId: string | null = null,
): OutboxEvent {
  const row = OutboxEvent.create(order, { type, data, transactionId, at: ctx.at });
  ctx.orders.add(row);
  return row;
}

/**
 * A new order, as it was created: every order (a payment, refund, capture, void, chargeback, reversal) gets one.
 * No webhook ever comes from it, so it is written relayed: the outbox relay never has to claim and update it
 * (the refunds, captures and disputes written through the ORM would otherwise leave it to the relay).
 */
export function recordOrderCreated(ctx: EventContext, order: Order): OutboxEvent {
  const row = recordEvent(ctx, 'order.created', order, {
    status: order.status,
    amount: order.amount,
    currency: order.currency,
    kind: order.kind,
    checkout: order.checkout,
  });
  row.relayedAt = ctx.at;
  return row;
}

export function recordOrderStatusChange(
  ctx: EventContext,
  order: Order,
  from: OrderStatus,
  to: OrderStatus,
): OutboxEvent {
  return recordEvent(ctx, 'order.status_changed', order, {
    status: to,
    from_status: from,
    amount: order.amount,
    currency: order.currency,
    kind: order.kind,
  });
}

export function recordTransactionStatusChange(
  ctx: EventContext,
  order: Order,
  transaction: Transaction,
  from: TransactionStatus | null,
  to: TransactionStatus,
): OutboxEvent {
  return recordEvent(
    ctx,
    'transaction.status_changed',
    order,
    {
      transaction_id: transaction.id,
      status: to,
      from_status: from,
      amount: transaction.amount,
      currency: transaction.currency,
      payment_method: transaction.paymentMethod,
    },
    transaction.id,
  );
}

const FOLLOW_UP_EVENT = {
  refund: ['order.refunded', 'refund_order_id'],
  capture: ['order.captured', 'capture_order_id'],
  void: ['order.voided', 'void_order_id'],
  chargeback: ['order.charged_back', 'chargeback_order_id'],
  reversal: ['order.chargeback_reversed', 'reversal_order_id'],
} as const;

/**
 * A refund, capture, void, chargeback or reversal went through: `order.refunded` / `order.captured` /
 * `order.voided` / `order.charged_back` on the original order, `order.chargeback_reversed` on the chargeback
 * order, naming the new order and its amount (and, for refunds, the original's refunded total).
 */
export function recordFollowUp(ctx: EventContext, original: Order, followUp: Order): OutboxEvent {
  if (followUp.kind === 'payment') throw new Error('a payment order is not a follow-up');
  const [type, idField] = FOLLOW_UP_EVENT[followUp.kind];
  return recordEvent(ctx, type, original, {
    [idField]: followUp.id,
    amount: followUp.amount,
    currency: followUp.currency,
    ...(followUp.kind === 'refund' ? { refunded_amount: original.refundedAmount } : {}),
  });
}

/** Every allowed attempt of a webhook notification failed: delivery stopped. */
export function recordWebhookGaveUp(
  ctx: EventContext,
  order: Pick<Order, 'id' | 'projectId'>,
  delivery: { id: string; attempts: number; errorKind: string | null; httpStatus: number | null },
): OutboxEvent {
  return recordEvent(ctx, 'webhook.gave_up', order, {
    delivery_id: delivery.id,
    attempts: delivery.attempts,
    error_kind: delivery.errorKind,
    http_status: delivery.httpStatus,
  });
}
