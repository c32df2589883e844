import { OrderRepository, type OrderView } from '../../orders/index.ts';
import { VaultCardRepository } from '../../vault/index.ts';
import type { AuthorizationOutcomeNotice } from '../acquirer/acquirer.ts';
import { authorizationSetting } from '../authorization-setting.ts';
import { recordAuthorizationAnswer } from '../authorize-card.ts';
import type { PaymentDeps } from '../deps.ts';
import { authorizationNotPending } from '../errors.ts';
import { withLockedCardPayment } from '../locked-payment.ts';

/**
 * The acquirer's late answer to an authorization it took `pending` (acquirer.ts `AuthorizationOutcomeNotice`),
 * recorded under the order's row lock through the same steps as an answer given at once
 * (`recordAuthorizationAnswer`): the transaction moves `processing` -> `accepted` / `declined` / `error` /
 * `expired` through the state machine and the order's status is derived again, with their events, outbox rows,
 * webhooks and subscription messages in this one database transaction. On a hosted order where the customer
 * meanwhile paid another way this is what settles `see-transactions`: a late decline or expiry completes the
 * order, a late approval leaves two payments for the merchant to look at (docs/reference/states.md).
 *
 * Acquirers repeat notices: the same answer again changes nothing. A different answer for a transaction that is
 * no longer waiting (already answered, or closed by the order's expiry) is refused (409) and changes nothing.
 */
export async function receiveAuthorizationOutcome(
  deps: PaymentDeps,
  notice: AuthorizationOutcomeNotice,
): Promise<OrderView> {
  return withLockedCardPayment(deps, notice.transactionId, async (uow, locked) => {
    const { writes, orders, order, transactions, transaction, authorization } = locked;
    if (transaction.status !== 'processing' || authorization?.result !== 'pending') {
      if (authorization?.result === notice.result.kind) return new OrderRepository(uow).loadView(order);
      throw authorizationNotPending(transaction.status);
    }
    const card = await new VaultCardRepository(uow).findById(authorization.vaultCardId);
    await recordAuthorizationAnswer(
      authorizationSetting(deps, { uow, orders }, order),
      {
        order,
        transactions,
        transaction,
        card: card!,
        threeDSecure: authorization.threeDSecure,
        authorization,
      },
      notice.result,
      null,
    );
    await writes.save(orders);
    return new OrderRepository(uow).loadView(order);
  });
}
