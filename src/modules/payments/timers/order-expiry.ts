import type { Db } from '../../../platform/db/orm.ts';
import { OrderRepository } from '../../orders/order.repository.ts';
import { closeOrder } from '../../orders/status-changes.ts';
import { PaymentRepository } from '../payment.repository.ts';

export type ExpiryOutcome = { kind: 'expired' } | { kind: 'settled' } | { kind: 'not_due'; expiresAt: Date };

/**
 * An order that reached no final status by its `expires_at` becomes `expired` (its open transactions too).
 * Idempotent: a duplicate or late timer finds the order settled and does nothing.
 */
export async function expireOrderIfDue(db: Db, now: () => Date, orderId: string): Promise<ExpiryOutcome> {
  return db.transaction(async (em) => {
    const orders = new OrderRepository(em);
    const order = await orders.lockOrder(null, orderId);
    if (!order || (order.status !== 'new' && order.status !== 'processing')) return { kind: 'settled' };
    const at = now();
    if (order.expiresAt.getTime() > at.getTime()) return { kind: 'not_due', expiresAt: order.expiresAt };
    closeOrder({ orders, at, source: 'expiry' }, order, await orders.transactionsOf(order.id), 'expired');
    await orders.flush();
    return { kind: 'expired' };
  });
}

/** Expires every overdue open order, in batches; returns how many it expired. */
export async function expireOverdueOrders(db: Db, now: () => Date, batchSize = 200): Promise<number> {
  let expired = 0;
  for (;;) {
    const ids = await db.read((em) => new PaymentRepository(em).overdueOrderIds(now(), batchSize));
    let batch = 0;
    for (const id of ids) if ((await expireOrderIfDue(db, now, id)).kind === 'expired') batch += 1;
    expired += batch;
    // A full batch of which nothing moved would come back unchanged: stop rather than spin.
    if (ids.length < batchSize || batch === 0) return expired;
  }
}
