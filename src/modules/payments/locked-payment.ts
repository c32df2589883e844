import type { UnitOfWork } from '../../platform/db/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors/domain-error.ts';
import type { Order, PaymentMethodCatalog, Transaction } from '../orders/index.ts';
import { OrderChanges, OrderWriteRepository } from '../orders/index.ts';
import type { CardAuthorization } from './card-authorization.entity.ts';
import { PaymentRepository } from './payment.repository.ts';

/** A payment page's transaction, its order row-locked for the rest of the database transaction. */
export interface LockedPayment {
  /** Saves `orders` (the order's change set) in one statement. */
  writes: OrderWriteRepository;
  /** The change set of the locked order: status changes add to it, `writes.save` writes it. */
  orders: OrderChanges;
  payments: PaymentRepository;
  order: Order;
  transactions: Transaction[];
  transaction: Transaction;
  authorization: CardAuthorization | null;
}

/**
 * Runs a customer's action on a payment page (`payment_url`) under the order's row lock, so two tabs or two
 * clicks act one after the other. Transactions of other methods, and unknown ids, are not found.
 */
export async function withLockedPayment<T>(
  deps: Pick<Deps, 'db'>,
  transactionId: string,
  isPaymentPageMethod: (method: string) => boolean,
  work: (uow: UnitOfWork, payment: LockedPayment) => Promise<T>,
): Promise<T> {
  // Found on a fork of its own, so that everything read under the order's lock below is fresh.
  const located = await deps.db.read((uow) => new PaymentRepository(uow).findTransactionById(transactionId));
  if (!located || !isPaymentPageMethod(located.paymentMethod)) throw notFound('Payment');
  return deps.db.transaction(async (uow) => {
    const payments = new PaymentRepository(uow);
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const locked = await writes.lockOrderRows(null, located.orderId, orders);
    const order = locked?.order;
    const transactions = locked?.transactions ?? [];
    const transaction = transactions.find((t) => t.id === transactionId);
    if (!order || !transaction) throw notFound('Payment');
    const authorization = await payments.findAuthorization(transaction.id);
    return work(uow, { writes, orders, payments, order, transactions, transaction, authorization });
  });
}

/** `withLockedPayment` for a payment page transaction of any method that pays through a card authorization. */
export function withLockedCardPayment<T>(
  deps: Pick<Deps, 'db'> & { paymentMethods: PaymentMethodCatalog },
  transactionId: string,
  work: (uow: UnitOfWork, payment: LockedPayment) => Promise<T>,
): Promise<T> {
  const { paymentMethods } = deps;
  return withLockedPayment(deps, transactionId, (method) => paymentMethods.authorizesCard(method), work);
}
