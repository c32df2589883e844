import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { OrderRepository } from '../../orders/order.repository.ts';
import { VaultCardRepository } from '../../vault/vault-card.repository.ts';
import { vaultCipherFor } from '../../vault/vault-keys.ts';
import { isThreeDSecureChallengePassed } from '../acquirer/three-d-secure.ts';
import { authorizeCard, failChallenge } from '../authorize-card.ts';
import { PaymentRepository } from '../payment.repository.ts';
import { acquirerFor } from '../payment-runtime.ts';
import { CARD_PAYMENT_METHODS } from '../payment-urls.ts';
import { type PaymentPageState, pageStateOf } from './load-payment-page.ts';

/**
 * The customer answered the 3-D Secure challenge on our page. Passed: the payment is authorized again, now as
 * authenticated (`challenge_passed`, no CVC: it was never kept). Failed: the transaction is declined with
 * reason `authentication_failed`. A second submission, or one after the order expired, changes nothing.
 */
export async function completeChallenge(
  deps: Deps,
  transactionId: string,
  code: string,
): Promise<PaymentPageState> {
  const cipher = vaultCipherFor(deps.config);
  // Found on a fork of its own, so that everything read under the order's lock below is fresh.
  const located = await deps.db.read((em) => new PaymentRepository(em).findTransactionById(transactionId));
  if (!located || !CARD_PAYMENT_METHODS.includes(located.paymentMethod)) throw notFound('Payment');
  return deps.db.transaction(async (em) => {
    const payments = new PaymentRepository(em);
    const orders = new OrderRepository(em);
    const order = await orders.lockOrder(null, located.orderId);
    const transactions = order ? await orders.transactionsOf(order.id) : [];
    const transaction = transactions.find((t) => t.id === transactionId);
    if (!order || !transaction) throw notFound('Payment');
    const authorization = await payments.findAuthorization(transaction.id);
    if (pageStateOf(order, transaction, authorization).kind !== 'challenge' || !authorization) {
      return pageStateOf(order, transaction, authorization);
    }

    const at = deps.now();
    if (isThreeDSecureChallengePassed(code)) {
      const card = await new VaultCardRepository(em).findById(authorization.vaultCardId);
      await authorizeCard(
        { em, orders, payments, cipher, acquirer: acquirerFor(order, deps.now), config: deps.config, at },
        { order, transactions, transaction, card: card!, threeDSecure: 'challenge_passed' },
      );
    } else {
      failChallenge({ orders, at }, { order, transactions, transaction }, authorization);
    }
    await orders.flush();
    return pageStateOf(order, transaction, authorization);
  });
}
