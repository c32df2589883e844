import { randomUUID } from 'node:crypto';
import type { Actor } from '../../../platform/auth/actor.ts';
import type { PaymentDeps } from '../deps.ts';
import {
  HAS_VOIDS,
  lockPreAuthorization,
  recordFollowUpOrder,
  settleOriginal,
} from '../pre-authorization.ts';
import type { FollowUpResult } from './capture-transaction.ts';

/**
 * `POST /v1/orders/{order_id}/transactions/{transaction_id}/voids/` (spec 4.5, no body): releases the whole
 * authorized amount of a pre-authorization that was not captured. The void order (spec 2.7) ends `completed`;
 * the original order keeps its status, its transaction is no longer capturable, and it is flagged `has-voids`.
 */
export async function voidTransaction(
  deps: PaymentDeps,
  actor: Actor,
  orderId: string,
  transactionId: string,
): Promise<FollowUpResult> {
  return deps.db.transaction(async (uow) => {
    const at = deps.now();
    const original = await lockPreAuthorization(uow, actor.projectId, orderId, transactionId, at);
    const authorized = original.transaction;
    const operationId = randomUUID();
    const result = await deps.acquirers.require(original.order).void({
      transactionId: operationId,
      originalTransactionId: authorized.id,
      authorizationCode: original.authorization.authorizationCode ?? undefined,
      amount: authorized.amount,
      currency: authorized.currency,
    });
    const { orders } = original;
    const created = recordFollowUpOrder({
      orders,
      original,
      kind: 'void',
      transactionId: operationId,
      amount: authorized.amount,
      result,
      at,
    });
    if (result.kind === 'approved') settleOriginal(original, HAS_VOIDS, at);
    await orders.flush();
    const [createdView, originalView] = await orders.loadViews([created, original.order]);
    return { created: createdView!, original: originalView! };
  });
}
