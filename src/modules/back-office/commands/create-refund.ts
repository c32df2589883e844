import type { Actor } from '../../../platform/auth/actor.ts';
import type { UnitOfWork } from '../../../platform/db/db.ts';
import { invalid, notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { type IdempotentOperation, operationOf } from '../../../platform/operations/idempotent-operation.ts';
import type { OrderView, TransactionStatus } from '../../orders/index.ts';
import {
  changeTransactionStatus,
  feeRulesOfOrder,
  lineInOtherCurrency,
  Order,
  OrderChanges,
  OrderRepository,
  OrderWriteRepository,
  processingOutcomes,
  recordFollowUp,
  recordNewOrder,
  recordNewTransaction,
  Transaction,
} from '../../orders/index.ts';
import type { Acquirer, OperationResult } from '../../payments/index.ts';
import { RESPONSE_CODES } from '../../payments/index.ts';
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
  /**
   * The completer's give-up (complete-refunds.ts): when the acquirer cannot be reached this time either, the
   * refund is failed (`error`, reason `processor_error`) instead of left `processing`.
   */
  giveUpWithoutAnswer?: boolean;
}

/** What phase 1 committed: everything phases 2 and 3 need, recorded on the key as its recovery point. */
export interface PreparedRefund {
  acquirer: Acquirer;
  originalOrderId: string;
  createdAt: Date;
  refundOrderId: string;
  refundTransactionId: string;
  paymentTransactionId: string;
  amount: number;
  currency: string;
  /** The refund already has its outcome (phase 3 committed, or the completer finished it). */
  finished: boolean;
}

/**
 * Refunds part or all of a completed payment (spec 4.3) in three phases, so money is never refunded twice and
 * no lock is held while the acquirer is called:
 *
 * 1. with the original order row-locked (`SELECT ... FOR UPDATE`, which serialises refunds of one order across
 *    every process on the database): check the rules and the remaining balance, which counts refunds not yet
 *    settled, then write the refund order with its transaction `new` and commit, recording the recovery point
 *    `refund_created` on the request's Idempotency-Key in the same transaction;
 * 2. ask the acquirer, with the refund transaction's id as its idempotency reference;
 * 3. with the original locked again: record the outcome (`accepted` completes the refund order) and add the
 *    amount to the original's `refunded_amount` (recovery point `refund_recorded`).
 *
 * A refusal in phase 1 writes nothing. A retry with the same key after a crash resumes after the last phase
 * that committed: the same refund, never a second one (its ids derive from the key). If the acquirer cannot be
 * reached the refund is left `processing` (sent, outcome unknown) and keeps its share of the balance reserved;
 * a refund left `new` or `processing` by a dead request is finished by the completer (complete-operations.ts).
 */
export async function createRefund(
  deps: BackOfficeDeps,
  actor: Actor,
  orderId: string,
  input: CreateRefundInput | unknown,
  options: CreateRefundOptions = {},
): Promise<RefundResult> {
  const data = parseOrThrow(createRefundInputSchema, input);
  const operation = operationOf(deps);
  const recovered = operation.recovered;
  let prepared: PreparedRefund;
  if (recovered && (recovered.point === 'refund_created' || recovered.point === 'refund_recorded')) {
    prepared = await deps.db.read((uow) =>
      loadPreparedRefund(uow, deps, actor.projectId, String(recovered.data.refundOrderId)),
    );
  } else {
    prepared = await deps.db.transaction(async (uow) => {
      const made = await prepareRefund(uow, deps, actor, orderId, data, operation);
      await crashPoint('refund.before-prepare-commit');
      await operation.record(uow, 'refund_created', { refundOrderId: made.refundOrderId });
      return made;
    });
    await crashPoint('refund.after-prepare');
  }
  return finishRefund(deps, actor.projectId, prepared, options, operation);
}

/**
 * Phases 2 and 3 of a refund whose phase 1 committed: for the request that made it, its retry, and the
 * completer. The acquirer call is idempotent by the refund transaction's id, so calling it again after a crash
 * moves no money twice; phase 3 does nothing to a refund someone else already finished.
 */
export async function finishRefund(
  deps: BackOfficeDeps,
  projectId: string,
  prepared: PreparedRefund,
  options: CreateRefundOptions = {},
  operation: IdempotentOperation = operationOf({}),
): Promise<RefundResult> {
  let outcome: OperationResult | null = null;
  if (!prepared.finished) {
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
    await crashPoint('refund.after-acquirer');
  }

  const result = await deps.db.transaction(async (uow) => {
    const recorded = await recordOutcome(
      uow,
      deps,
      projectId,
      prepared,
      outcome ?? (options.giveUpWithoutAnswer ? GAVE_UP : null),
    );
    await operation.record(uow, 'refund_recorded', { refundOrderId: prepared.refundOrderId });
    return recorded;
  });
  await crashPoint('refund.after-record');
  return result;
}

/** The outcome a refund is given up with: the acquirer never answered (ISO 8583 `68`, response too late). */
const GAVE_UP: OperationResult = {
  kind: 'error',
  responseCode: RESPONSE_CODES.responseTooLate.code,
  responseCodeDescription: RESPONSE_CODES.responseTooLate.description,
  reason: RESPONSE_CODES.responseTooLate.reason,
};

/** A committed refund as phase 1 left it, read back for a retry or the completer. */
export async function loadPreparedRefund(
  uow: UnitOfWork,
  deps: BackOfficeDeps,
  projectId: string,
  refundOrderId: string,
): Promise<PreparedRefund> {
  const orders = new OrderRepository(uow);
  const refundOrder = await orders.findOrder(projectId, refundOrderId);
  const original = refundOrder?.relatedOrderId
    ? await orders.findOrder(projectId, refundOrder.relatedOrderId)
    : null;
  const [refundTransaction] = refundOrder ? await orders.transactionsOf(refundOrder.id) : [];
  if (!refundOrder || !original || !refundTransaction) throw notFound('Refund');
  return {
    acquirer: deps.acquirers.require(original),
    originalOrderId: original.id,
    createdAt: refundOrder.createdAt,
    refundOrderId: refundOrder.id,
    refundTransactionId: refundTransaction.id,
    paymentTransactionId: refundTransaction.refundOfTransactionId!,
    amount: refundTransaction.amount,
    currency: refundTransaction.currency,
    finished: !UNFINISHED_REFUND_STATUSES.includes(refundTransaction.status),
  };
}

/** A refund transaction in these statuses still has its acquirer call, or its answer, to come. */
export const UNFINISHED_REFUND_STATUSES: readonly TransactionStatus[] = ['new', 'processing'];

async function prepareRefund(
  uow: UnitOfWork,
  deps: BackOfficeDeps,
  actor: Actor,
  orderId: string,
  data: ValidCreateRefundInput,
  operation: IdempotentOperation,
): Promise<PreparedRefund> {
  // The order's rows (the refund order, its transaction, events and outbox rows, the original's flag) go through
  // the order writer in one statement; the refund facts are read-only finders (OrderRepository, RefundRepository).
  const writes = new OrderWriteRepository(uow);
  const changes = new OrderChanges();
  const locked = await writes.lockOrderRows(actor.projectId, orderId, changes);
  if (!locked) throw notFound('Order', 'order_id');
  const original = locked.order;
  const orders = new OrderRepository(uow);
  const refunds = new RefundRepository(uow);
  const assessment = assessRefund(await loadRefundFacts({ orders, refunds }, original, data.transaction_id));
  assertRefundAmount(assessment, data.amount, original.currency);
  const otherCurrency = lineInOtherCurrency(data.order_lines, original.currency);
  if (otherCurrency >= 0) {
    throw invalid(
      `order_lines.${otherCurrency}.currency`,
      `must be the order's currency (${original.currency})`,
    );
  }
  // Where no acquirer is configured the refund is refused (422 `acquirer_not_configured`) before anything is written.
  const acquirer = deps.acquirers.require(original);

  const now = deps.now();
  const refundOrder = Order.createRefund(original, {
    amount: data.amount,
    merchantOrderId: data.merchant_order_id,
    description: data.description,
    extra: data.extra,
    orderLines: data.order_lines,
    expirationPeriod: deps.config.orderDefaultExpiration,
    at: now,
    id: operation.idFor('refund-order'),
  });
  const { payment } = assessment;
  const refundMethod = deps.paymentMethods.refundMethodOf(payment.paymentMethod);
  const refundTransaction = Transaction.createRefund(
    refundOrder,
    payment,
    now,
    refundMethod,
    operation.idFor('refund'),
  );

  const ctx = { orders: changes, at: now };
  recordNewOrder(ctx, refundOrder);
  recordNewTransaction(ctx, refundOrder, refundTransaction);
  if (!original.flags.includes('has-refunds')) original.flags = [...original.flags, 'has-refunds'];
  original.modifiedAt = now;
  await writes.save(changes);
  return {
    acquirer,
    originalOrderId: original.id,
    createdAt: now,
    refundOrderId: refundOrder.id,
    refundTransactionId: refundTransaction.id,
    paymentTransactionId: payment.id,
    amount: data.amount,
    currency: original.currency,
    finished: false,
  };
}

async function recordOutcome(
  uow: UnitOfWork,
  deps: BackOfficeDeps,
  projectId: string,
  prepared: PreparedRefund,
  outcome: OperationResult | null,
): Promise<RefundResult> {
  const writes = new OrderWriteRepository(uow);
  const changes = new OrderChanges();
  const orders = new OrderRepository(uow);
  const original = (await writes.lockOrderRows(projectId, prepared.originalOrderId, changes))!.order;
  // Changed under the original's lock, which every writer of a refund takes first.
  const refundRows = (await writes.readGuardedOrder(projectId, prepared.refundOrderId, changes))!;
  const refundOrder = refundRows.order;
  const refundTransaction = refundRows.transactions.find((t) => t.id === prepared.refundTransactionId)!;
  const stillOpen = UNFINISHED_REFUND_STATUSES.includes(refundTransaction.status);
  // Finished meanwhile (by the completer, or by the attempt a retry resumes): only presented; no answer yet
  // (the acquirer unreachable) leaves a `processing` refund as it is.
  if (!stillOpen || (!outcome && refundTransaction.status === 'processing')) {
    const [refund, order] = await orders.loadViews([refundOrder, original]);
    return { refund: refund!, order: order! };
  }
  // Strictly after step 1, so the transaction's events keep their order even within one millisecond.
  const at = new Date(Math.max(deps.now().getTime(), prepared.createdAt.getTime() + 1));
  const to = outcome ? statusFor(outcome) : 'processing';
  if (outcome) {
    refundTransaction.outcomes = processingOutcomes(outcome);
    refundTransaction.reason = outcome.reason;
  }
  const fees = feeRulesOfOrder(deps.config.fees, original);
  changeTransactionStatus(
    { orders: changes, at, fees },
    refundOrder,
    [refundTransaction],
    refundTransaction,
    to,
  );
  if (to === 'accepted') {
    original.refundedAmount += refundTransaction.amount;
    original.modifiedAt = at;
    recordFollowUp({ orders: changes, at }, original, refundOrder);
  }
  await writes.save(changes);
  const [refund, order] = await orders.loadViews([refundOrder, original]);
  return { refund: refund!, order: order! };
}

function statusFor(outcome: OperationResult): TransactionStatus {
  if (outcome.kind === 'approved') return 'accepted';
  if (outcome.kind === 'declined') return 'declined';
  return 'error';
}
