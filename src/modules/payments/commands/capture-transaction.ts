import { z } from 'zod';
import type { Actor } from '../../../platform/auth/actor.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { AMOUNT_RULE, amountSchema } from '../../orders/index.ts';
import { decideCapture } from '../capture-rules.ts';
import type { PaymentDeps } from '../deps.ts';
import { type FollowUpResult, followUpPreAuthorization } from '../pre-authorization.ts';

export const captureInputSchema = z.strictObject({
  /** Minor units; defaults to everything still capturable. */
  amount: amountSchema.optional().meta({
    description: `How much to capture: ${AMOUNT_RULE} At most what is still capturable, which is the default.`,
  }),
  /** The last capture: what it leaves of the authorization is released. Capturing everything left is final too. */
  final: z.boolean().optional().meta({
    description:
      'The last capture (default false): what it leaves of the authorization is released. Capturing everything left is final too.',
  }),
});

/**
 * `POST /v1/orders/{order_id}/transactions/{transaction_id}/captures/`: captures a pre-authorization, several
 * times if need be, while the captures' sum stays within the authorized amount (capture-rules.ts). Each capture
 * is a capture order. The original order keeps its status; its transaction becomes `captured` at the first
 * capture and stays capturable until a final capture (or a void) ends the authorization; the order is flagged
 * `has-captures`.
 */
export async function captureTransaction(
  deps: PaymentDeps,
  actor: Actor,
  orderId: string,
  transactionId: string,
  body: unknown,
): Promise<FollowUpResult> {
  const input = parseOrThrow(captureInputSchema, body ?? {});
  return followUpPreAuthorization(deps, { actor, orderId, transactionId }, 'capture', (facts) =>
    decideCapture(facts, input),
  );
}
