import { z } from 'zod';
import type { Actor } from '../../../platform/auth/actor.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { describeMoney } from '../../orders/money.ts';
import { amountSchema } from '../../orders/order-input.ts';
import type { PaymentDeps } from '../deps.ts';
import { type FollowUpResult, followUpPreAuthorization } from '../pre-authorization.ts';

export const captureInputSchema = z.strictObject({
  /** Minor units; defaults to the full authorized amount. One capture per pre-authorization. */
  amount: amountSchema.optional(),
});

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
  return followUpPreAuthorization(deps, { actor, orderId, transactionId }, 'capture', (authorized) => {
    const amount = input.amount ?? authorized.amount;
    if (amount < 1 || amount > authorized.amount) {
      const most = describeMoney(authorized.amount, authorized.currency);
      throw invalid(
        'amount',
        `must be between 1 minor unit and the authorized amount of ${most}`,
        undefined,
        'too_big',
      );
    }
    return amount;
  });
}
