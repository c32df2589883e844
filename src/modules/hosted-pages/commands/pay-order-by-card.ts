import { notFound } from '../../../platform/errors/domain-error.ts';
import { crashPoint } from '../../../platform/faults.ts';
import type { Order } from '../../orders/index.ts';
import {
  closeOrder,
  isFinalOrderStatus,
  issueSetupToken,
  isUuid,
  OrderChanges,
  OrderWriteRepository,
  recordNewTransaction,
  Transaction,
} from '../../orders/index.ts';
import type { AuthorizationKind, PaymentDeps } from '../../payments/index.ts';
import {
  authorizationKindOf,
  authorizationSetting,
  authorizeCard,
  CREDIT_CARD,
} from '../../payments/index.ts';
import { storeCardForTransaction, VaultCardRepository } from '../../vault/index.ts';
import {
  AttemptBrowserRepository,
  attemptBrowserInsert,
  type BrowserHash,
} from '../attempt-browsers.repository.ts';
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
 * The customer pays a hosted order with the card form: the same steps as the API's own checkout, under the
 * order's row lock, in two phases (docs/reference/reliability.md), so that no acquirer call is ever made for an
 * attempt our books do not hold:
 *
 * 1. the attempt: a card transaction is created on the order and the card stored in the vault against its
 *    setup token; committed (`card-form.after-attempt`);
 * 2. the authorization: with the order locked again, the attempt, if still `new`, is authorized with the CVC
 *    (in memory only, dropped afterwards) under the attempt's transaction id, and the answer recorded.
 *
 * A process that dies between the two leaves the attempt `new`: the page shows the payment in progress, and
 * the completer (payments/commands/complete-card-attempts.ts) releases whatever the acquirer may hold under the
 * attempt's id and fails it within a minute, after which the customer may pay again.
 *
 * The lock plus the "nothing paid, nothing running" check of the page state make a second tab (or a double
 * click) unable to pay twice: the later post finds the order paid, or an attempt running. A declined attempt
 * leaves the hosted order `processing`, so the customer can try again. While the acquirer owes an answer on an
 * earlier attempt only a form posted from "Pay another way" (`pay_again`) pays: the customer chose it, knowing
 * both may succeed (then the order is `see-transactions`), and only in the browser that started the earlier one.
 *
 * The attempt records `browser`, the hash of the paying browser's payer cookie (attempt-browsers.repository.ts),
 * in its own statement: its challenge, its card and its cancel are that browser's alone.
 */
export async function payOrderByCard(
  deps: PaymentDeps,
  orderId: string,
  form: unknown,
  browser: BrowserHash,
): Promise<PayByCardOutcome> {
  if (!isUuid(orderId)) throw notFound('Order');
  const parsed = parseCardForm(form, deps.now());
  if (!parsed.ok) return { kind: 'invalid', problems: parsed.problems, echo: parsed.echo };
  const { pan, expiry, name, cvc } = parsed.card;
  const attempt = await deps.db.transaction(async (uow): Promise<PayByCardOutcome | Attempt> => {
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const locked = await writes.lockOrderRows(null, orderId, orders);
    if (!locked) throw notFound('Order');
    const { order, transactions } = locked;
    const [facts, startedHere] = await Promise.all([
      orderPageFactsOf(uow, order, deps.paymentMethods),
      new AttemptBrowserRepository(uow).startedBy(order.id, browser, transactions),
    ]);
    const at = deps.now();
    const state = orderPageStateOf(facts, transactions, at, {
      startedHere,
      payAnotherWay: choseToPayAgain(form),
    });

    if (state.kind === 'closed' && state.outcome === 'expired' && !isFinalOrderStatus(order.status)) {
      // Due but not yet expired by the sweep: expire it now, exactly as the sweep would.
      closeOrder({ orders, at, source: 'expiry' }, order, transactions, 'expired');
      await writes.save(orders);
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
    orders.also(() => attemptBrowserInsert(transaction, browser));
    storeCardForTransaction({
      cards: new VaultCardRepository(uow),
      cipher: deps.cipher,
      order,
      transaction,
      card: { pan, expiry, name },
      at,
    });
    await writes.save(orders);
    return { kind: 'attempt', transactionId: transaction.id, payingAgain: state.payingAgain };
  });
  if (attempt.kind !== 'attempt') return attempt;
  await crashPoint('card-form.after-attempt');

  const outcome = await deps.db.transaction(async (uow): Promise<PayByCardOutcome> => {
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const { order, transactions } = (await writes.lockOrderRows(null, orderId, orders))!;
    const transaction = transactions.find((t) => t.id === attempt.transactionId)!;
    const { payingAgain } = attempt;
    // Moved meanwhile (the completer failed it, the order expired): only presented.
    if (transaction.status !== 'new') {
      return {
        kind: 'attempted',
        result: authorizationKindOf(transaction.status),
        order,
        transaction,
        payingAgain,
      };
    }
    const card = (await new VaultCardRepository(uow).findStoredFor(transaction.id))!;
    const at = deps.now();
    const authorized = await authorizeCard(authorizationSetting(deps, { uow, orders }, order, at), {
      order,
      transactions,
      transaction,
      card,
      cvc,
      threeDSecure: 'none',
      authorization: null,
    });
    await writes.save(orders);
    return { kind: 'attempted', result: authorized.kind, order, transaction, payingAgain };
  });
  await crashPoint('card-form.after-commit');
  return outcome;
}

/** Phase 1's attempt, for phase 2. */
interface Attempt {
  kind: 'attempt';
  transactionId: string;
  payingAgain: boolean;
}
