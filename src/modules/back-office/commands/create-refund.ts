import type { Actor } from '../../../platform/auth/actor.ts';
import type { UnitOfWork } from '../../../platform/db/db.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { Order } from '../../orders/order.entity.ts';
import { OrderRepository } from '../../orders/order.repository.ts';
import { recordFollowUp } from '../../orders/order-events.ts';
import type { OrderView } from '../../orders/order-view.ts';
import { feeRulesOfOrder } from '../../orders/settlement-rules.ts';
import type { TransactionStatus } from '../../orders/state-machine.ts';
import {
  changeTransactionStatus,
  recordNewOrder,
  recordNewTransaction,
} from '../../orders/status-changes.ts';
import { processingOutcomes, Transaction } from '../../orders/transaction.entity.ts';
import type { Acquirer, OperationResult } from '../../payments/acquirer/index.ts';
import type { BackOfficeDeps } from '../deps.ts';
import { RefundRepository } from '../refund.repository.ts';
import { loadRefundFacts } from '../refund-facts.ts';
import {
  type CreateRefundInput,
  createRefundInputSchema,
  type ValidCreateRefundInput,
} from '../refund-input.ts';
import { assertRefundAmount, assessRefund } from '../refund-rules.ts';

export interface RefundResult {
  /** The refund order (spec 2.6). */
  refund: OrderView;
  /** The refunded order as it is now. */
  order: OrderView;
}

export interface CreateRefundOptions {
  /** Told when the acquirer could not be reached (the refund then stays `processing`); logs by default. */
  onAcquirerError?: (error: unknown) => void;
}

interface PreparedRefund {
  acquirer: Acquirer;
  originalOrderId: string;
  createdAt: Date;
  refundOrderId: string;
  refundTransactionId: string;
  paymentTransactionId: string;
  amount: number;
  currency: string;
}

/**
 * Refunds part or all of a completed payment (spec 4.3) in three steps, so money is never refunded twice and
 * no lock is held while the acquirer is called:
 *
 * 1. with the original order row-locked (`SELECT ... FOR UPDATE`, which serialises refunds of one order across
 *    every process on the database): check the rules and the remaining balance, which counts refunds not yet
 *    settled, then write the refund order with its transaction `new` and commit;
 * 2. ask the acquirer;
 * 3. with the original locked again: record the outcome (`accepted` completes the refund order) and add the
 *    amount to the original's `refunded_amount`.
 *
 * A refusal in step 1 writes nothing. If the acquirer cannot be reached the refund is left `processing` (sent,
 * outcome unknown) and keeps its share of the balance reserved, rather than risking a second refund of money
 * that may have moved.
 */
export async function createRefund(
  deps: BackOfficeDeps,
  actor: Actor,
  orderId: string,
  input: CreateRefundInput | unknown,
  options: CreateRefundOptions = {},
): Promise<RefundResult> {
  const data = parseOrThrow(createRefundInputSchema, input);
  const prepared = await deps.db.transaction((uow) => prepareRefund(uow, deps, actor, orderId, data));

  let outcome: OperationResult | null = null;
  try {
    outcome = await prepared.acquirer.refund({
      transactionId: prepared.refundTransactionId,
      originalTransactionId: prepared.paymentTransactionId,
      amount: prepared.amount,
      currency: prepared.currency,
    });
  } catch (error) {
    const report =
      options.onAcquirerError ??
      ((err: unknown) => deps.logger.error({ err }, 'acquirer refund failed; refund left processing'));
    report(error);
  }

  return deps.db.transaction((uow) => recordOutcome(uow, deps, actor, prepared, outcome));
}

async function prepareRefund(
  uow: UnitOfWork,
  deps: BackOfficeDeps,
  actor: Actor,
  orderId: string,
  data: ValidCreateRefundInput,
): Promise<PreparedRefund> {
  const orders = new OrderRepository(uow);
  const original = await orders.lockOrder(actor.projectId, orderId);
  if (!original) throw notFound('Order', 'order_id');
  const refunds = new RefundRepository(uow);
  const assessment = assessRefund(await loadRefundFacts({ orders, refunds }, original, data.transaction_id));
  assertRefundAmount(assessment, data.amount, original.currency);
  // Where no acquirer is configured the refund is refused (422 `acquirer_not_configured`) before anything is written.
  const acquirer = deps.acquirers.require(original);

  const now = deps.now();
  const refundOrder = Order.createRefund(original, {
    amount: data.amount,
    merchantOrderId: data.merchant_order_id,
    description: data.description,
    extra: data.extra,
    expirationPeriod: deps.config.orderDefaultExpiration,
    at: now,
  });
  const { payment } = assessment;
  const refundTransaction = Transaction.createRefund(refundOrder, payment, now);

  const ctx = { orders, at: now };
  recordNewOrder(ctx, refundOrder);
  recordNewTransaction(ctx, refundOrder, refundTransaction);
  if (!original.flags.includes('has-refunds')) original.flags = [...original.flags, 'has-refunds'];
  original.modifiedAt = now;
  await orders.flush();
  return {
    acquirer,
    originalOrderId: original.id,
    createdAt: now,
    refundOrderId: refundOrder.id,
    refundTransactionId: refundTransaction.id,
    paymentTransactionId: payment.id,
    amount: data.amount,
    currency: original.currency,
  };
}

async function recordOutcome(
  uow: UnitOfWork,
  deps: BackOfficeDeps,
  actor: Actor,
  prepared: PreparedRefund,
  outcome: OperationResult | null,
): Promise<RefundResult> {
  const orders = new OrderRepository(uow);
  const original = (await orders.lockOrder(actor.projectId, prepared.originalOrderId))!;
  const refundOrder = (await orders.findOrder(actor.projectId, prepared.refundOrderId))!;
  const refundTransaction = (await orders.findTransaction(refundOrder.id, prepared.refundTransactionId))!;
  // Strictly after step 1, so the transaction's events keep their order even within one millisecond.
  const at = new Date(Math.max(deps.now().getTime(), prepared.createdAt.getTime() + 1));
  const to = outcome ? statusFor(outcome) : 'processing';
  if (outcome) {
    refundTransaction.outcomes = processingOutcomes(outcome);
    refundTransaction.reason = outcome.reason;
  }
  const fees = feeRulesOfOrder(deps.config.fees, original);
  changeTransactionStatus({ orders, at, fees }, refundOrder, [refundTransaction], refundTransaction, to);
  if (to === 'accepted') {
    original.refundedAmount += refundTransaction.amount;
    original.modifiedAt = at;
    recordFollowUp({ orders, at }, original, refundOrder);
  }
  await orders.flush();
  const [refund, order] = await orders.loadViews([refundOrder, original]);
  return { refund: refund!, order: order! };
}

function statusFor(outcome: OperationResult): TransactionStatus {
  if (outcome.kind === 'approved') return 'accepted';
  if (outcome.kind === 'declined') return 'declined';
  return 'error';
}
