import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Actor } from '../../../platform/auth/actor.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { amountSchema } from '../../orders/order-input.ts';
import type { OrderView } from '../../orders/order-view.ts';
import { changeTransactionStatus } from '../../orders/status-changes.ts';
import type { PaymentDeps } from '../deps.ts';
import {
  HAS_CAPTURES,
  lockPreAuthorization,
  recordFollowUpOrder,
  settleOriginal,
} from '../pre-authorization.ts';

export const captureInputSchema = z.strictObject({
  /** Minor units; defaults to the full authorized amount. One capture per pre-authorization. */
  amount: amountSchema.optional(),
});

export interface FollowUpResult {
  /** The new capture or void order. */
  created: OrderView;
  /** The original order after the operation. */
  original: OrderView;
}

/**
 * `POST /v1/orders/{order_id}/transactions/{transaction_id}/captures/`: captures a pre-authorization once, for
 * its full amount or less (the rest is released). The original order keeps its status; its transaction becomes
 * `captured` and no longer capturable, and the order is flagged `has-captures`.
 */
export async function captureTransaction(
  deps: PaymentDeps,
  actor: Actor,
  orderId: string,
  transactionId: string,
  body: unknown,
): Promise<FollowUpResult> {
  const input = parseOrThrow(captureInputSchema, body ?? {});
  return deps.db.transaction(async (uow) => {
    const at = deps.now();
    const original = await lockPreAuthorization(uow, actor.projectId, orderId, transactionId, at);
    const authorized = original.transaction;
    const operationId = randomUUID();
    const amount = input.amount ?? authorized.amount;
    if (amount < 1 || amount > authorized.amount) {
      throw invalid('amount', `must be between 1 and the authorized amount of ${authorized.amount}`);
    }
    const result = await deps.acquirers.require(original.order).capture({
      transactionId: operationId,
      originalTransactionId: authorized.id,
      authorizationCode: original.authorization.authorizationCode ?? undefined,
      amount,
      currency: authorized.currency,
    });
    const { orders } = original;
    const created = recordFollowUpOrder({
      orders,
      original,
      kind: 'capture',
      transactionId: operationId,
      amount,
      result,
      at,
    });
    if (result.kind === 'approved') {
      settleOriginal(original, HAS_CAPTURES, at);
      changeTransactionStatus({ orders, at }, original.order, original.transactions, authorized, 'captured');
    }
    await orders.flush();
    const [createdView, originalView] = await orders.loadViews([created, original.order]);
    return { created: createdView!, original: originalView! };
  });
}
