import type { Actor } from '../../../platform/auth/actor.ts';
import { decideVoid } from '../capture-rules.ts';
import type { PaymentDeps } from '../deps.ts';
import { type FollowUpResult, followUpPreAuthorization } from '../pre-authorization.ts';

/**
 * `POST /v1/orders/{order_id}/transactions/{transaction_id}/voids/` (spec 4.5, no body): releases what is left
 * of a pre-authorization: all of it when nothing was captured, else what the captures did not take. The void order (spec 2.7) ends `completed`;
 * the original order keeps its status, its transaction is no longer capturable, and it is flagged `has-voids`.
 */
export async function voidTransaction(
  deps: PaymentDeps,
  actor: Actor,
  orderId: string,
  transactionId: string,
): Promise<FollowUpResult> {
  return followUpPreAuthorization(deps, { actor, orderId, transactionId }, 'void', decideVoid);
}
