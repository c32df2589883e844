import { notFound } from '../../../platform/errors/domain-error.ts';
import type { Order } from '../../orders/order.entity.ts';
import { isUuid, OrderRepository } from '../../orders/order.repository.ts';
import { issueSetupToken } from '../../orders/setup-token.ts';
import { isFinalOrderStatus } from '../../orders/state-machine.ts';
import { closeOrder, recordNewTransaction } from '../../orders/status-changes.ts';
import { Transaction } from '../../orders/transaction.entity.ts';
import type { AuthorizationKind } from '../../payments/acquirer/acquirer.ts';
import { authorizationSetting } from '../../payments/authorization-setting.ts';
import { authorizeCard } from '../../payments/authorize-card.ts';
import { CREDIT_CARD } from '../../payments/card-payment-method.ts';
import type { PaymentDeps } from '../../payments/deps.ts';
import { storeCardForTransaction } from '../../vault/card-storage.ts';
import { VaultCardRepository } from '../../vault/vault-card.repository.ts';
import { type CardFormProblem, choseToPayAgain, parseCardForm } from '../card-form-input.ts';
import { orderPageStateOf } from '../page-for-state.ts';
import { orderPageFactsOf } from './load-order-page.ts';

export type PayByCardOutcome =
  /** The form was refused; nothing was written. */
  | { kind: 'invalid'; problems: CardFormProblem[]; echo: { expiry: string; name: string } }
  /** The order is not payable now (paid, closed, expired, an attempt running): the page shows why. */
  | { kind: 'not_payable'; order: Order }
  /** Card payments cannot be made for this order (method not offered, or no acquirer for a live project). */
  | { kind: 'unavailable'; order: Order }
  | {
      kind: 'attempted';
      result: AuthorizationKind;
      order: Order;
      transaction: Transaction;
      /** The customer paid another way while an earlier attempt waits for the acquirer. */
      payingAgain: boolean;
    };

/**
 * The customer pays a hosted order with the card form: the same steps as the API's own checkout, in one unit
 * of work under the order's row lock. A card transaction is created on the order, the card is stored in the
 * vault against its setup token, and it is authorized with the CVC, which is dropped afterwards.
 *
 * The lock plus the "nothing paid, nothing running" check of the page state make a second tab (or a double
 * click) unable to pay twice: the later post waits for the lock and then finds the order paid or the challenge
 * pending. A declined attempt leaves the hosted order `processing`, so the customer can try again. While the
 * acquirer owes an answer on an earlier attempt only a form posted from "Pay another way" (`pay_again`) pays:
 * the customer chose it, knowing both may succeed (then the order is `see-transactions`).
 */
export async function payOrderByCard(
  deps: PaymentDeps,
  orderId: string,
  form: unknown,
): Promise<PayByCardOutcome> {
  if (!isUuid(orderId)) throw notFound('Order');
  const parsed = parseCardForm(form, deps.now());
  if (!parsed.ok) return { kind: 'invalid', problems: parsed.problems, echo: parsed.echo };
  const { pan, expiry, name, cvc } = parsed.card;
  return deps.db.transaction(async (uow) => {
    const orders = new OrderRepository(uow);
    const order = await orders.lockOrder(null, orderId);
    if (!order) throw notFound('Order');
    const transactions = await orders.transactionsOf(order.id);
    const facts = await orderPageFactsOf(uow, order, deps.paymentMethods);
    const at = deps.now();
    const state = orderPageStateOf(facts, transactions, at, undefined, choseToPayAgain(form));

    if (state.kind === 'closed' && state.outcome === 'expired' && !isFinalOrderStatus(order.status)) {
      // Due but not yet expired by its timer: expire it now, exactly as the timer would.
      closeOrder({ orders, at, source: 'expiry' }, order, transactions, 'expired');
      await orders.flush();
      return { kind: 'not_payable', order };
    }
    if (state.kind !== 'payable') return { kind: 'not_payable', order };
    if (!facts.methods.includes(CREDIT_CARD) || !deps.acquirers.find(order)) {
      return { kind: 'unavailable', order };
    }

    const transaction = Transaction.createPayment(order, {
      paymentMethod: CREDIT_CARD,
      setupToken: deps.paymentMethods.issuesSetupToken(CREDIT_CARD) ? issueSetupToken() : null,
      at,
    });
    recordNewTransaction({ orders, at }, order, transaction);
    const card = storeCardForTransaction({
      cards: new VaultCardRepository(uow),
      cipher: deps.cipher,
      order,
      transaction,
      card: { pan, expiry, name },
      at,
    });
    const outcome = await authorizeCard(authorizationSetting(deps, { uow, orders }, order, at), {
      order,
      transactions: [...transactions, transaction],
      transaction,
      card,
      cvc,
      threeDSecure: 'none',
      authorization: null,
    });
    await orders.flush();
    const { payingAgain } = state;
    return { kind: 'attempted', result: outcome.kind, order, transaction, payingAgain };
  });
}
