import type { FeeRule } from '../../config/fees.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { UnitOfWork } from '../../platform/db/db.ts';
import { notFound } from '../../platform/errors/domain-error.ts';
import { crashPoint } from '../../platform/faults.ts';
import { operationOf } from '../../platform/operations/idempotent-operation.ts';
import type { OrderView } from '../orders/index.ts';
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
  Transaction,
} from '../orders/index.ts';
import type { OperationResult } from './acquirer/acquirer.ts';
import {
  type CaptureDecision,
  type CaptureFacts,
  HAS_CAPTURES,
  HAS_VOIDS,
  refusePreAuthorizationFollowUp,
} from './capture-rules.ts';
import type { CardAuthorization } from './card-authorization.entity.ts';
import type { PaymentDeps } from './deps.ts';
import { transactionNotFound } from './errors.ts';
import { PaymentRepository } from './payment.repository.ts';

export interface LockedPreAuthorization {
  /** Saves `orders` (the order's change set) in one statement. */
  writes: OrderWriteRepository;
  /** The change set of the locked order: the follow-up's rows and the original's changes go in it. */
  orders: OrderChanges;
  order: Order;
  transactions: Transaction[];
  transaction: Transaction;
  authorization: CardAuthorization;
  /** The authorized amount and the captures so far (capture-rules.ts). */
  facts: CaptureFacts;
}

/**
 * Loads a pre-authorization for a capture or a void under the original order's row lock, so captures and voids
 * racing on it run one after the other and each sees what the ones before it did: their sum never exceeds the
 * authorization, and a void or final capture ends it.
 */
export async function lockPreAuthorization(
  uow: UnitOfWork,
  projectId: string,
  orderId: string,
  transactionId: string,
  at: Date,
): Promise<LockedPreAuthorization> {
  const writes = new OrderWriteRepository(uow);
  const orders = new OrderChanges();
  const locked = await writes.lockOrderRows(projectId, orderId, orders);
  if (!locked) throw notFound('Order', 'order_id');
  const { order, transactions } = locked;
  const transaction = transactions.find((t) => t.id === transactionId);
  if (!transaction) throw transactionNotFound();
  const authorization = refusePreAuthorizationFollowUp({
    orderFlags: order.flags,
    transaction,
    authorization: await new PaymentRepository(uow).findAuthorization(transaction.id),
    at,
  });
  const captures = (await new OrderRepository(uow).relatedOrdersOf(order.id)).filter(
    (related) => related.kind === 'capture',
  );
  const facts = { authorized: transaction.amount, currency: transaction.currency, captures };
  return { writes, orders, order, transactions, transaction, authorization, facts };
}

/**
 * A capture or void is a new order linked to the original (`related_order_id`, shown as `capture_of_order_id`
 * or `void_of_order_id`) with one transaction that records the acquirer's answer and ends `completed`
 * (or `declined` / `error` when the acquirer refuses).
 */
export function recordFollowUpOrder(params: {
  orders: OrderChanges;
  original: LockedPreAuthorization;
  kind: 'capture' | 'void';
  /** The id the acquirer was given for this operation. */
  transactionId: string;
  amount: number;
  result: OperationResult;
  at: Date;
  /** The project's fee rules: a capture records its settlement and fee. */
  fees: readonly FeeRule[];
}): Order {
  const { orders, original, kind, amount, result, at, fees } = params;
  const order = Order.createFollowUp(original.order, kind, amount, at);
  const transaction = Transaction.createFollowUp(order, original.transaction, {
    kind,
    id: params.transactionId,
    result,
    at,
  });
  const ctx = { orders, at, fees };
  recordNewOrder(ctx, order);
  recordNewTransaction(ctx, order, transaction);
  const to = result.kind === 'approved' ? 'completed' : result.kind === 'declined' ? 'declined' : 'error';
  changeTransactionStatus(ctx, order, [transaction], transaction, to);
  return order;
}

/**
 * Marks the original order and its transaction once a capture or void went through; a void or final capture
 * ends the authorization (no longer capturable).
 */
export function settleOriginal(
  original: LockedPreAuthorization,
  flag: string,
  final: boolean,
  at: Date,
): void {
  if (!original.order.flags.includes(flag)) original.order.flags = [...original.order.flags, flag];
  original.order.modifiedAt = at;
  if (final) original.transaction.isCapturable = false;
  original.transaction.modifiedAt = at;
}

export interface FollowUpResult {
  /** The new capture or void order. */
  created: OrderView;
  /** The original order after the operation. */
  original: OrderView;
}

/**
 * Captures or voids a pre-authorization in one unit of work under the original order's lock: asks the acquirer,
 * records the capture or void order with its answer, and, when approved, settles the original (flagged
 * `has-captures` / `has-voids`; its transaction becomes `captured` at the first capture and is no longer
 * capturable after a void or a final capture). `decide` picks the amount from the facts (capture-rules.ts),
 * and may refuse it.
 */
export async function followUpPreAuthorization(
  deps: Pick<PaymentDeps, 'db' | 'now' | 'acquirers' | 'config' | 'operation'>,
  target: { actor: Actor; orderId: string; transactionId: string },
  kind: 'capture' | 'void',
  decide: (facts: CaptureFacts) => CaptureDecision,
): Promise<FollowUpResult> {
  // One phase: a retry of a request whose transaction committed (and whose answer was lost) presents it.
  const operation = operationOf(deps);
  const done = operation.recovered?.point === `${kind}_done` ? operation.recovered.data : null;
  if (done) {
    return deps.db.read(async (uow) => {
      const orders = new OrderRepository(uow);
      const created = await orders.findOrder(target.actor.projectId, String(done.orderId));
      const original = await orders.findOrder(target.actor.projectId, target.orderId);
      if (!created || !original) throw notFound('Order', 'order_id');
      const [createdView, originalView] = await orders.loadViews([created, original]);
      return { created: createdView!, original: originalView! };
    });
  }
  const result = await deps.db.transaction(async (uow) => {
    const at = deps.now();
    const original = await lockPreAuthorization(
      uow,
      target.actor.projectId,
      target.orderId,
      target.transactionId,
      at,
    );
    const authorized = original.transaction;
    const { amount, final } = decide(original.facts);
    // The acquirer's reference: the same on every retry of the request, so a repeat moves no money twice.
    const operationId = operation.idFor(kind);
    const acquirer = deps.acquirers.require(original.order);
    const request = {
      transactionId: operationId,
      originalTransactionId: authorized.id,
      authorizationCode: original.authorization.authorizationCode ?? undefined,
      amount,
      currency: authorized.currency,
      final,
    };
    const result = kind === 'capture' ? await acquirer.capture(request) : await acquirer.void(request);
    await crashPoint(`${kind}.after-acquirer`);
    const { writes, orders } = original;
    const created = recordFollowUpOrder({
      orders,
      original,
      kind,
      transactionId: operationId,
      amount,
      result,
      at,
      fees: feeRulesOfOrder(deps.config.fees, original.order),
    });
    if (result.kind === 'approved') {
      settleOriginal(original, kind === 'capture' ? HAS_CAPTURES : HAS_VOIDS, final, at);
      if (kind === 'capture' && authorized.status === 'accepted') {
        changeTransactionStatus(
          { orders, at },
          original.order,
          original.transactions,
          authorized,
          'captured',
        );
      }
      recordFollowUp({ orders, at }, original.order, created);
    }
    await writes.save(orders);
    await operation.record(uow, `${kind}_done`, { orderId: created.id });
    const [createdView, originalView] = await new OrderRepository(uow).loadViews([created, original.order]);
    return { created: createdView!, original: originalView! };
  });
  await crashPoint(`${kind}.after-commit`);
  return result;
}
