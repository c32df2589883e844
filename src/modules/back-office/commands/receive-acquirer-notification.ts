import type { UnitOfWork } from '../../../platform/db/db.ts';
import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { operationOf } from '../../../platform/operations/idempotent-operation.ts';
import type { OrderView } from '../../orders/index.ts';
import {
  changeTransactionStatus,
  feeRulesOfOrder,
  Order,
  OrderChanges,
  OrderRepository,
  OrderWriteRepository,
  recordFollowUp,
  recordNewOrder,
  recordNewTransaction,
  type StatusChangeContext,
  Transaction,
} from '../../orders/index.ts';
import type { AcquirerNotification } from '../../payments/index.ts';
import { refundRefused, refusal } from '../errors.ts';
import { RefundRepository } from '../refund.repository.ts';
import { loadRefundFacts } from '../refund-facts.ts';
import { assertRefundAmount, assessRefund, paidTransactionsOf, reversibleAmount } from '../refund-rules.ts';

export interface DisputeResult {
  /** The new chargeback or reversal order. */
  created: OrderView;
  /** The order it acts on (the disputed order, or the chargeback order) as it is now. */
  original: OrderView;
}

type NotificationDeps = Pick<Deps, 'db' | 'now' | 'config' | 'operation'>;

/**
 * Records what an acquirer told us on its own (acquirer.ts `AcquirerNotification`), in one unit of work under
 * the disputed order's row lock, the lock refunds take too: refunds plus chargebacks never exceed what was paid
 * (refund-rules.ts), whichever comes first.
 *
 * - A chargeback is a new order (`is-chargeback`, `chargeback_of_order_id`) in the original's currency with one
 *   `debit` transaction on the disputed payment's method; the original is flagged `has-chargebacks`.
 * - A reversal is a new order (`is-reversal`, `reversal_of_order_id` = the chargeback order) with one `credit`
 *   transaction, at most what the chargeback still disputes; the chargeback order is flagged `has-reversals`.
 *
 * Each new order moves `new` -> `completed` through the state machine (its events, outbox rows, webhooks and
 * subscription messages), and the order acted on gets `order.charged_back` / `order.chargeback_reversed`.
 *
 * One phase. A simulated notice (`deps.operation` of a request with an Idempotency-Key) names its new order
 * after the key and records the recovery point `dispute_recorded` in the same transaction: a retry whose first
 * attempt committed (its answer lost) answers that order, never a second chargeback or reversal.
 */
export async function receiveAcquirerNotification(
  deps: NotificationDeps,
  notification: AcquirerNotification,
): Promise<DisputeResult> {
  const operation = operationOf(deps);
  const recorded = operation.recovered?.point === 'dispute_recorded' ? operation.recovered.data : null;
  if (recorded) return presentRecorded(deps, String(recorded.orderId), String(recorded.actedOnId));
  const ids = { order: operation.idFor('dispute-order'), transaction: operation.idFor('dispute') };
  const result = await deps.db.transaction(async (uow) => {
    const made =
      notification.kind === 'chargeback'
        ? await recordChargeback(uow, deps, notification, ids)
        : await recordReversal(uow, deps, notification, ids);
    await operation.record(uow, 'dispute_recorded', {
      orderId: made.created.order.id,
      actedOnId: made.original.order.id,
    });
    return made;
  });
  await crashPoint(`${notification.kind}.after-commit`);
  return result;
}

/** A notice recorded by an earlier attempt of the same request: its new order and the order it acted on. */
function presentRecorded(deps: NotificationDeps, orderId: string, actedOnId: string): Promise<DisputeResult> {
  return deps.db.read(async (uow) => {
    const orders = new OrderRepository(uow);
    const [created, original] = await orders.loadViews([{ id: orderId }, { id: actedOnId }]);
    if (!created || !original) throw notFound('Order', 'order_id');
    return { created, original };
  });
}

/** The ids of a notice's new order and its transaction. */
interface DisputeIds {
  order: string;
  transaction: string;
}

async function recordChargeback(
  uow: UnitOfWork,
  deps: NotificationDeps,
  notice: Extract<AcquirerNotification, { kind: 'chargeback' }>,
  ids: DisputeIds,
): Promise<DisputeResult> {
  const at = deps.now();
  const refunds = new RefundRepository(uow);
  const disputed = await refunds.findTransaction(notice.transactionId);
  if (!disputed) throw notFound('Transaction', 'transaction_id');
  const writes = new OrderWriteRepository(uow);
  const changes = new OrderChanges();
  const original = (await writes.lockOrderRows(null, disputed.orderId, changes))!.order;
  const orders = new OrderRepository(uow);
  const facts = await loadRefundFacts({ orders, refunds }, original);
  // On an order paid twice (see-transactions) the notice's transaction says which payment is disputed.
  if (paidTransactionsOf(facts.transactions).some((t) => t.id === disputed.id)) facts.paymentId = disputed.id;
  const assessment = assessRefund(facts);
  if (assessment.payment.id !== disputed.id) {
    throw refundRefused(refusal.not_a_payment, 'Only the paid transaction of an order can be charged back');
  }
  refuseOtherCurrency(notice.currency, original.currency);
  assertRefundAmount(assessment, notice.amount, original.currency, refusal.chargeback_exceeds_remaining);

  const chargeback = Order.createDispute(original, 'chargeback', notice.amount, at, ids.order);
  const transaction = Transaction.createDispute(chargeback, disputed, {
    kind: 'chargeback',
    reasonCode: notice.reasonCode,
    at,
    id: ids.transaction,
  });
  const fees = feeRulesOfOrder(deps.config.fees, original);
  settle({ orders: changes, at, fees }, original, 'has-chargebacks', chargeback, transaction);
  await writes.save(changes);
  const [created, after] = await orders.loadViews([chargeback, original]);
  return { created: created!, original: after! };
}

async function recordReversal(
  uow: UnitOfWork,
  deps: NotificationDeps,
  notice: Extract<AcquirerNotification, { kind: 'reversal' }>,
  ids: DisputeIds,
): Promise<DisputeResult> {
  const at = deps.now();
  const refunds = new RefundRepository(uow);
  const disputed = await refunds.findTransaction(notice.chargebackTransactionId);
  const orders = new OrderRepository(uow);
  const found = disputed ? await orders.findOrderById(disputed.orderId) : null;
  if (!disputed || !found) throw notFound('Transaction', 'transaction_id');
  // The disputed order's lock first, as refunds and chargebacks take it: one order's money moves one at a time.
  const writes = new OrderWriteRepository(uow);
  const changes = new OrderChanges();
  if (found.relatedOrderId) await writes.lockOrderRows(null, found.relatedOrderId, changes);
  const chargeback = (await writes.lockOrderRows(null, found.id, changes))!.order;
  const remaining = reversibleAmount(chargeback, await orders.relatedOrdersOf(chargeback.id));
  refuseOtherCurrency(notice.currency, chargeback.currency);
  if (notice.amount > remaining) {
    throw refundRefused(
      refusal.reversal_exceeds_chargeback,
      `amount: exceeds what the chargeback still disputes (${remaining} minor units)`,
      'amount',
    );
  }
  const reversal = Order.createDispute(chargeback, 'reversal', notice.amount, at, ids.order);
  const transaction = Transaction.createDispute(reversal, disputed, {
    kind: 'reversal',
    at,
    id: ids.transaction,
  });
  settle({ orders: changes, at }, chargeback, 'has-reversals', reversal, transaction);
  await writes.save(changes);
  const [created, after] = await orders.loadViews([reversal, chargeback]);
  return { created: created!, original: after! };
}

function refuseOtherCurrency(sent: string, expected: string): void {
  if (sent !== expected) {
    throw refundRefused(
      refusal.currency_mismatch,
      `currency: must be the order's currency ${expected}`,
      'currency',
    );
  }
}

/** The new order completes at once (the money already moved at the scheme); the order acted on is flagged. */
function settle(
  ctx: StatusChangeContext,
  actedOn: Order,
  flag: string,
  created: Order,
  transaction: Transaction,
): void {
  const { at } = ctx;
  recordNewOrder(ctx, created);
  recordNewTransaction(ctx, created, transaction);
  changeTransactionStatus(ctx, created, [transaction], transaction, 'completed');
  if (!actedOn.flags.includes(flag)) actedOn.flags = [...actedOn.flags, flag];
  actedOn.modifiedAt = at;
  recordFollowUp(ctx, actedOn, created);
}
