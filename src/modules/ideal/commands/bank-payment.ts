import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import type { Order, Transaction } from '../../orders/index.ts';
import {
  changeTransactionStatus,
  closeOrder,
  feeRulesOfOrder,
  isFinalOrderStatus,
  isOpenTransactionStatus,
  isSucceededTransactionStatus,
  OrderChanges,
  OrderRepository,
  OrderWriteRepository,
} from '../../orders/index.ts';
import { type BankOutcome, bankResultOf, SIMULATED_CONSUMER } from '../bank-outcome.ts';
import { IDEAL } from '../ideal-payment-method.ts';

type BankDeps = Pick<Deps, 'db' | 'now' | 'config'>;

/**
 * The simulated bank's page of an iDEAL transaction (its `payment_url`):
 * - `open`: the customer chooses approve, cancel or fail (or leaves, and the payment stays open until expiry);
 * - `finished`: the payment is over (chosen here, expired, or the order ended otherwise): the customer goes back.
 */
export type BankPageState =
  | { kind: 'open'; order: Order; transaction: Transaction }
  | { kind: 'finished'; order: Order; transaction: Transaction; succeeded: boolean };

/**
 * Only iDEAL transactions of test projects have a simulated bank: any other id is not found. The unguessable
 * transaction id is the customer's only handle, as on every payment page.
 */
export async function loadBankPage(deps: BankDeps, transactionId: string): Promise<BankPageState> {
  return deps.db.read(async (uow) => {
    const orders = new OrderRepository(uow);
    const transaction = await orders.findTransactionById(transactionId);
    const order = transaction ? await orders.findOrderById(transaction.orderId) : null;
    if (!transaction || !order || !isSimulatedIdeal(order, transaction)) throw notFound('Payment');
    return bankPageStateOf(order, transaction, deps.now());
  });
}

/**
 * The customer's choice on the simulated bank's page, applied under the order's row lock (a second tab or a
 * double click finds the payment over and changes nothing): the transaction moves through the state machine
 * (its event, the order's status, the outbox row and so the webhook, all in this one database transaction). An
 * order already past its deadline is expired instead, exactly as its timer would.
 */
export async function settleBankPayment(
  deps: BankDeps,
  transactionId: string,
  outcome: BankOutcome,
): Promise<BankPageState> {
  const located = await deps.db.read((uow) => new OrderRepository(uow).findTransactionById(transactionId));
  if (!located) throw notFound('Payment');
  return deps.db.transaction(async (uow) => {
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const locked = await writes.lockOrderRows(null, located.orderId, orders);
    const order = locked?.order;
    const transactions = locked?.transactions ?? [];
    const transaction = transactions.find((t) => t.id === transactionId);
    if (!order || !transaction || !isSimulatedIdeal(order, transaction)) throw notFound('Payment');
    const at = deps.now();
    const before = bankPageStateOf(order, transaction, at);
    if (before.kind === 'finished') {
      if (order.expiresAt.getTime() <= at.getTime() && !isFinalOrderStatus(order.status)) {
        closeOrder({ orders, at, source: 'expiry' }, order, transactions, 'expired');
        await writes.save(orders);
      }
      return bankPageStateOf(order, transaction, at);
    }
    const result = bankResultOf(outcome);
    transaction.reason = result.reason;
    if (result.succeeded) {
      transaction.paymentMethodDetails = { ...transaction.paymentMethodDetails, ...SIMULATED_CONSUMER };
    }
    const fees = feeRulesOfOrder(deps.config.fees, order);
    changeTransactionStatus(
      { orders, at, source: 'bank', fees },
      order,
      transactions,
      transaction,
      result.status,
    );
    await writes.save(orders);
    return bankPageStateOf(order, transaction, at);
  });
}

function isSimulatedIdeal(order: Order, transaction: Transaction): boolean {
  return transaction.paymentMethod === IDEAL && order.kind === 'payment' && order.flags.includes('is-test');
}

/** Open while the transaction is and the order can still be paid (not final, not past its deadline). */
export function bankPageStateOf(order: Order, transaction: Transaction, now: Date): BankPageState {
  const overdue = order.expiresAt.getTime() <= now.getTime();
  if (isOpenTransactionStatus(transaction.status) && !isFinalOrderStatus(order.status) && !overdue) {
    return { kind: 'open', order, transaction };
  }
  return {
    kind: 'finished',
    order,
    transaction,
    succeeded: isSucceededTransactionStatus(transaction.status),
  };
}
