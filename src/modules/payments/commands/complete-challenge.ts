import { closeOrder } from '../../orders/index.ts';
import { VaultCardRepository } from '../../vault/index.ts';
import { isThreeDSecureChallengePassed } from '../acquirer/three-d-secure.ts';
import { authorizationSetting } from '../authorization-setting.ts';
import { authorizeCard, failChallenge } from '../authorize-card.ts';
import type { PaymentDeps } from '../deps.ts';
import { withLockedCardPayment } from '../locked-payment.ts';
import { expireChallenge, isChallengeOverdue } from './expire-challenges.ts';
import { type PaymentPageState, pageStateOf } from './load-payment-page.ts';

/**
 * The customer answered the 3-D Secure challenge on our page. Passed: the payment is authorized again, now as
 * authenticated (`challenge_passed`, no CVC: it was never kept). Failed: the transaction is declined with
 * reason `authentication_failed`. A second submission changes nothing; one after the order's deadline expires it, and
 * one after THREE_D_SECURE_CHALLENGE_TIMEOUT expires the challenge (the sweeps may not have reached them yet):
 * neither authorizes anything.
 */
export async function completeChallenge(
  deps: PaymentDeps,
  transactionId: string,
  code: string,
): Promise<PaymentPageState> {
  return withLockedCardPayment(deps, transactionId, async (uow, locked) => {
    const { writes, orders, order, transactions, transaction, authorization } = locked;
    if (pageStateOf(order, transaction, authorization).kind !== 'challenge' || !authorization) {
      return pageStateOf(order, transaction, authorization);
    }

    const at = deps.now();
    if (order.expiresAt.getTime() <= at.getTime()) {
      // Past its deadline the order takes no payment: it expires now, as the sweep would have expired it.
      closeOrder({ orders, at, source: 'expiry' }, order, transactions, 'expired');
    } else if (isChallengeOverdue(deps, authorization, at)) {
      // Too late: the challenge timed out, as its sweep would have ended it.
      expireChallenge({ orders, at }, { order, transactions, transaction }, authorization);
    } else if (isThreeDSecureChallengePassed(code)) {
      const card = await new VaultCardRepository(uow).findById(authorization.vaultCardId);
      await authorizeCard(authorizationSetting(deps, { uow, orders }, order, at), {
        order,
        transactions,
        transaction,
        card: card!,
        threeDSecure: 'challenge_passed',
        authorization,
      });
    } else {
      failChallenge({ orders, at }, { order, transactions, transaction }, authorization);
    }
    await writes.save(orders);
    return pageStateOf(order, transaction, authorization);
  });
}
