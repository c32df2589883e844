import type { FeeRule } from '../../config/fees.ts';
import { Signal } from '../../platform/metrics/signal.ts';
import type { Order } from './order.entity.ts';
import {
  recordOrderCreated,
  recordOrderStatusChange,
  recordTransactionStatusChange,
} from './order-events.ts';
import type { OrderChanges } from './order-writes.repository.ts';
import { settlementOf } from './settlement-rules.ts';
import {
  assertOrderTransition,
  assertTransactionTransition,
  deriveOrderStatus,
  isOpenTransactionStatus,
  type OrderStatus,
  orderStatusAtDeadline,
  type TransactionStatus,
} from './state-machine.ts';
import { type Transaction, TransactionEvent } from './transaction.entity.ts';

/**
 * The only code that writes a status. Each change is checked against the state machine, recorded as a
 * transaction event and written to the outbox through the same change set (`OrderChanges`, saved in one
 * statement by `OrderWriteRepository`), so the status, its event and its notification commit or roll back
 * together.
 */

/**
 * Every status this writer sets, as it sets it (inside the unit of work: a change whose transaction later rolls
 * back is seen too, which only failing database writes cause): what metrics count status changes from.
 */
export const statusChanged = new Signal<{ object: 'order' | 'transaction'; status: string }>();

export interface StatusChangeContext {
  /** The command's change set (order-writes.repository.ts): the new rows go in it, changed ones are tracked. */
  orders: OrderChanges;
  at: Date;
  source?: string;
  /** The project's fee rules, for a change that moves money (settlement-rules.ts); none: no fee. */
  fees?: readonly FeeRule[];
}

/**
 * Adds a brand-new order to the change set with its `order.created` event, before anything else is recorded
 * about it (its transactions' first statuses follow it in the feed). Every order is created through here.
 */
export function recordNewOrder(ctx: StatusChangeContext, order: Order): void {
  ctx.orders.add(order);
  recordOrderCreated(ctx, order);
}

/** Records a brand-new transaction's first status (`new`, source `set_status`); returns that event. */
export function recordNewTransaction(
  ctx: StatusChangeContext,
  order: Order,
  transaction: Transaction,
): TransactionEvent {
  transaction.status = 'new';
  const event = eventFor(transaction, 'new', null, ctx);
  ctx.orders.add(transaction, event);
  recordTransactionStatusChange(ctx, order, transaction, null, 'new');
  statusChanged.emit({ object: 'transaction', status: 'new' });
  return event;
}

/**
 * Moves one transaction of an order to a new status and re-derives the order's status from all of them.
 * `transactions` must hold every transaction of the order, the changed one included. Returns the event it
 * recorded (null when the status did not change), for a caller that shows the order without reading it back.
 */
export function changeTransactionStatus(
  ctx: StatusChangeContext,
  order: Order,
  transactions: Transaction[],
  transaction: Transaction,
  to: TransactionStatus,
): TransactionEvent | null {
  const from = transaction.status;
  if (from === to) return null;
  assertTransactionTransition(from, to);
  transaction.status = to;
  transaction.modifiedAt = ctx.at;
  const event = eventFor(transaction, to, from, ctx);
  ctx.orders.add(event);
  recordTransactionStatusChange(ctx, order, transaction, from, to);
  statusChanged.emit({ object: 'transaction', status: to });
  recordSettlement(order, transaction, to, ctx.fees ?? []);
  syncOrderStatus(
    ctx,
    order,
    deriveOrderStatus(
      order.checkout,
      transactions.map((t) => (t.id === transaction.id ? to : t.status)),
    ),
  );
  return event;
}

/**
 * Order-level events that are not derived from a transaction: expiry and cancellation by the customer. Open
 * transactions end with the order. At expiry a payment already made stays made (orderStatusAtDeadline).
 */
export function closeOrder(
  ctx: StatusChangeContext,
  order: Order,
  transactions: Transaction[],
  to: 'expired' | 'cancelled',
): void {
  for (const transaction of transactions) {
    if (isOpenTransactionStatus(transaction.status)) {
      assertTransactionTransition(transaction.status, to);
      const from = transaction.status;
      transaction.status = to;
      transaction.modifiedAt = ctx.at;
      ctx.orders.add(eventFor(transaction, to, from, ctx));
      recordTransactionStatusChange(ctx, order, transaction, from, to);
      statusChanged.emit({ object: 'transaction', status: to });
    }
  }
  const statuses = transactions.map((t) => t.status);
  syncOrderStatus(ctx, order, to === 'expired' ? orderStatusAtDeadline(order.checkout, statuses) : to);
}

/** The money a transaction moved, recorded once: when it enters the status that moves it. */
function recordSettlement(
  order: Order,
  transaction: Transaction,
  to: TransactionStatus,
  fees: readonly FeeRule[],
): void {
  if (transaction.settlementAmount != null) return;
  const settled = settlementOf(order.kind, transaction, to, fees);
  if (!settled) return;
  transaction.settlementAmount = settled.amount;
  transaction.settlementCurrency = transaction.currency;
  transaction.feeAmount = settled.fee;
  transaction.feeCurrency = transaction.currency;
}

function syncOrderStatus(ctx: StatusChangeContext, order: Order, to: OrderStatus): void {
  const from = order.status;
  if (from === to) return;
  assertOrderTransition(from, to);
  order.status = to;
  order.modifiedAt = ctx.at;
  if (to === 'completed') order.completedAt = ctx.at;
  recordOrderStatusChange(ctx, order, from, to);
  statusChanged.emit({ object: 'order', status: to });
}

function eventFor(
  transaction: Transaction,
  to: TransactionStatus,
  from: TransactionStatus | null,
  ctx: StatusChangeContext,
): TransactionEvent {
  return TransactionEvent.create(transaction, { to, from, source: ctx.source ?? 'set_status', at: ctx.at });
}
