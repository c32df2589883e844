import { OrderChanges, OrderWriteRepository } from '../../src/modules/orders/order-writes.repository.ts';
import type { TransactionStatus } from '../../src/modules/orders/state-machine.ts';
import { changeTransactionStatus, closeOrder } from '../../src/modules/orders/status-changes.ts';
import { Db } from '../../src/platform/db/db.ts';
import type { Orm } from '../../src/platform/db/orm.ts';

/**
 * Status changes through the one status-change service, as the payment flows make them: each writes its
 * outbox rows in the same transaction. (Until card payments land, this is how tests change a status.)
 */
export async function cancelOrder(orm: Orm, orderId: string, to: 'cancelled' | 'expired' = 'cancelled') {
  await cancelOrders(orm, [orderId], to);
}

/** Cancels every order of `orderIds`, in that order, in ONE database transaction: their events commit together. */
export async function cancelOrders(
  orm: Orm,
  orderIds: readonly string[],
  to: 'cancelled' | 'expired' = 'cancelled',
) {
  await new Db(orm).transaction(async (uow) => {
    const writes = new OrderWriteRepository(uow);
    for (const orderId of orderIds) {
      const orders = new OrderChanges();
      const locked = await writes.lockOrderRows(null, orderId, orders);
      if (!locked) throw new Error(`no order ${orderId}`);
      closeOrder({ orders, at: new Date() }, locked.order, locked.transactions, to);
      await writes.save(orders);
    }
  });
}

/** Moves the single transaction of an own-checkout order, e.g. `processing` then `completed`. */
export async function moveOwnCheckoutTransaction(orm: Orm, orderId: string, to: TransactionStatus) {
  await new Db(orm).transaction(async (uow) => {
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const locked = await writes.lockOrderRows(null, orderId, orders);
    if (!locked) throw new Error(`no order ${orderId}`);
    const { order, transactions } = locked;
    changeTransactionStatus({ orders, at: new Date() }, order, transactions, transactions[0]!, to);
    await writes.save(orders);
  });
}
