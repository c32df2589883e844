import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import type { Order, PaymentMethodCatalog } from '../../orders/index.ts';
import {
  changeTransactionStatus,
  closeOrder,
  isFinalOrderStatus,
  isUuid,
  OrderChanges,
  OrderWriteRepository,
  recordNewTransaction,
  Transaction,
} from '../../orders/index.ts';
import {
  AttemptBrowserRepository,
  attemptBrowserInsert,
  type BrowserHash,
} from '../attempt-browsers.repository.ts';
import { orderPageStateOf } from '../page-for-state.ts';
import { orderPageFactsOf } from './load-order-page.ts';

export type PayByRedirectOutcome =
  /** The customer goes to the bank's page (the new transaction's `payment_url`). */
  | { kind: 'redirected'; order: Order; paymentUrl: string }
  /** Not payable now (paid, closed, expired, an attempt running): the order page shows why. */
  | { kind: 'not_payable'; order: Order }
  /** The method is not offered here (not the order's, not active, another currency, no bank for the mode). */
  | { kind: 'unavailable'; order: Order };

/**
 * The customer chose a bank-redirect method (iDEAL) on the hosted order page: under the order's row lock (two
 * tabs cannot start two payments), a transaction of that method is created and moved to `pending` (the customer
 * is at the bank), and the customer is sent to its `payment_url`. The order becomes `processing`; the bank's
 * answer settles the transaction through the state machine, like a card's. The transaction records `browser`,
 * the hash of the customer's payer cookie (attempt-browsers.repository.ts): its bank page is that browser's.
 */
export async function payOrderByRedirect(
  deps: Pick<Deps, 'db' | 'now' | 'config'> & { paymentMethods: PaymentMethodCatalog },
  orderId: string,
  method: string,
  browser: BrowserHash,
): Promise<PayByRedirectOutcome> {
  if (!isUuid(orderId)) throw notFound('Order');
  return deps.db.transaction(async (uow) => {
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
    const state = orderPageStateOf(facts, transactions, at, { startedHere });
    if (state.kind === 'closed' && state.outcome === 'expired' && !isFinalOrderStatus(order.status)) {
      closeOrder({ orders, at, source: 'expiry' }, order, transactions, 'expired');
      await writes.save(orders);
      return { kind: 'not_payable', order };
    }
    if (state.kind !== 'payable' || state.payingAgain) return { kind: 'not_payable', order };
    const redirect = deps.paymentMethods.redirectOf(method);
    if (!redirect || !facts.redirects.includes(method)) return { kind: 'unavailable', order };

    const transaction = Transaction.createPayment(order, { paymentMethod: method, setupToken: null, at });
    const paymentUrl = redirect.pageUrl(deps.config.baseUrl, transaction.id);
    transaction.paymentUrl = paymentUrl;
    recordNewTransaction({ orders, at }, order, transaction);
    orders.also(() => attemptBrowserInsert(transaction, browser));
    changeTransactionStatus(
      { orders, at, source: 'customer' },
      order,
      [...transactions, transaction],
      transaction,
      'pending',
    );
    await writes.save(orders);
    return { kind: 'redirected', order, paymentUrl };
  });
}
