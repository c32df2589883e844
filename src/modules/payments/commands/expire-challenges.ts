import { crashPoint } from '../../../platform/faults.ts';
import {
  closeOrder,
  type Order,
  OrderChanges,
  OrderWriteRepository,
  type Transaction,
} from '../../orders/index.ts';
import { endChallengeUnauthorized } from '../authorize-card.ts';
import type { CardAuthorization } from '../card-authorization.entity.ts';
import type { PaymentDeps } from '../deps.ts';
import { PaymentRepository } from '../payment.repository.ts';

/** `reason` of a transaction whose 3-D Secure challenge was not answered in time. */
export const AUTHENTICATION_TIMEOUT = 'authentication_timeout';

type ChallengeDeps = Pick<PaymentDeps, 'db' | 'now' | 'config'>;

/** Whether a challenge asked for at `authorization.modifiedAt` is past its timeout at `at`. */
export function isChallengeOverdue(
  deps: Pick<PaymentDeps, 'config'>,
  authorization: Pick<CardAuthorization, 'modifiedAt'>,
  at: Date,
): boolean {
  return authorization.modifiedAt.getTime() + deps.config.threeDSecureChallengeTimeoutMs <= at.getTime();
}

/**
 * The challenge was not answered in time: its transaction becomes `expired` (spec 3.2/4: a failed outcome; the
 * state machine's end of a `pending` transaction nobody finished, as at the order's deadline) with its event
 * and outbox row, and its authorization records that it was never authenticated. No acquirer call: nothing was
 * authorized. A hosted order stays open (`processing`: payable again); an own checkout mirrors its one
 * transaction (`expired`). The caller holds the order's row lock and saves `orders`.
 */
export function expireChallenge(
  ctx: { orders: OrderChanges; at: Date },
  attempt: { order: Order; transactions: Transaction[]; transaction: Transaction },
  authorization: CardAuthorization,
): void {
  endChallengeUnauthorized({ ...ctx, source: 'expiry' }, attempt, authorization, {
    result: 'expired',
    status: 'expired',
    reason: AUTHENTICATION_TIMEOUT,
  });
}

/** `closed`: only its authorization was closed (the order's expiry or cancellation ended the challenge). */
export type ChallengeTimeoutOutcome = 'expired' | 'closed' | 'not_due' | 'settled';

/**
 * Expires one challenge if it is still waiting and past its timeout, in a transaction of its own under the
 * order's row lock: an answer, a cancel or another sweeper that got the lock first is seen here and the
 * challenge is left as they left it (exactly once). An order past its own deadline expires as a whole, as the
 * expiry sweep would have expired it. A challenge its order's expiry or cancellation already ended (they know
 * nothing of authorizations) only has its authorization closed, so it leaves the sweep's index.
 */
export async function expireChallengeIfDue(
  deps: ChallengeDeps,
  challenge: { projectId: string; orderId: string; transactionId: string },
): Promise<ChallengeTimeoutOutcome> {
  const outcome = await deps.db.transaction(async (uow): Promise<ChallengeTimeoutOutcome> => {
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const locked = await writes.lockOrderRows(challenge.projectId, challenge.orderId, orders);
    const transaction = locked?.transactions.find((t) => t.id === challenge.transactionId);
    const authorization = await new PaymentRepository(uow).findAuthorization(challenge.transactionId);
    if (!locked || !transaction || authorization?.result !== 'challenge_required') return 'settled';
    const at = deps.now();
    if (transaction.status !== 'pending') {
      authorization.result = transaction.status === 'cancelled' ? 'authentication_failed' : 'expired';
      authorization.modifiedAt = at;
      return 'closed';
    }
    if (!isChallengeOverdue(deps, authorization, at)) return 'not_due';
    const { order, transactions } = locked;
    if (order.expiresAt.getTime() <= at.getTime()) {
      closeOrder({ orders, at, source: 'expiry' }, order, transactions, 'expired');
      authorization.result = 'expired';
      authorization.modifiedAt = at;
    } else {
      expireChallenge({ orders, at }, { order, transactions, transaction }, authorization);
    }
    await writes.save(orders);
    await crashPoint('challenge-expiry.before-commit');
    return 'expired' as const;
  });
  if (outcome === 'expired') await crashPoint('challenge-expiry.after-commit');
  return outcome;
}

/**
 * One batch of the challenge timeout sweep (challenge-timeout-sweep.ts): up to `batchSize` challenges asked for
 * more than `THREE_D_SECURE_CHALLENGE_TIMEOUT` ago, longest waiting first, each handled by `expireChallengeIfDue`.
 * Stops between challenges once `signal` is aborted (shutdown); the rest stay due for the next round.
 */
export async function expireOverdueChallenges(
  deps: ChallengeDeps,
  batchSize: number,
  signal?: AbortSignal,
): Promise<{ found: number; acted: number }> {
  const before = new Date(deps.now().getTime() - deps.config.threeDSecureChallengeTimeoutMs);
  const due = await deps.db.read((uow) => new PaymentRepository(uow).overdueChallenges(before, batchSize));
  let acted = 0;
  for (const challenge of due) {
    if (signal?.aborted) break;
    const outcome = await expireChallengeIfDue(deps, challenge);
    if (outcome === 'expired' || outcome === 'closed') acted += 1;
  }
  return { found: due.length, acted };
}
