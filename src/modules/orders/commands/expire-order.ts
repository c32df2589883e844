import type { Deps } from '../../../platform/deps.ts';
import { OrderRepository } from '../order.repository.ts';
import { OrderChanges, OrderWriteRepository } from '../order-writes.repository.ts';
import { EXPIRING_ORDER_STATUSES, isOpenTransactionStatus } from '../state-machine.ts';
import { closeOrder } from '../status-changes.ts';

export type ExpiryOutcome = { kind: 'expired' } | { kind: 'settled' } | { kind: 'not_due'; expiresAt: Date };

type ExpiryDeps = Pick<Deps, 'db' | 'now'>;

/**
 * An order that reached no final status by its `expires_at` becomes `expired` (its open transactions too). A
 * `see-transactions` order's open attempts expire at the same deadline and the order keeps its payment
 * (orderStatusAtDeadline): the attempt a customer left for another way to pay does not wait forever.
 * Idempotent: a second sweep, a request or a late legacy timer finds the order settled and does nothing.
 */
export async function expireOrderIfDue(deps: ExpiryDeps, orderId: string): Promise<ExpiryOutcome> {
  return deps.db.transaction(async (uow) => {
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const locked = await writes.lockOrderRows(null, orderId, orders);
    if (!locked || !EXPIRING_ORDER_STATUSES.includes(locked.order.status)) return { kind: 'settled' };
    const { order, transactions } = locked;
    const at = deps.now();
    if (order.expiresAt.getTime() > at.getTime()) return { kind: 'not_due', expiresAt: order.expiresAt };
    // A payment beside attempts already answered is the merchant's to look at; there is nothing left to expire.
    if (order.status === 'see-transactions' && !transactions.some((t) => isOpenTransactionStatus(t.status))) {
      return { kind: 'settled' };
    }
    closeOrder({ orders, at, source: 'expiry' }, order, transactions, 'expired');
    await writes.save(orders);
    return { kind: 'expired' };
  });
}

/**
 * One batch of the expiry sweep (orders/expiry-sweep.ts): up to `batchSize` overdue orders that expiry still acts
 * on, oldest deadline first (read by the partial indexes on `expires_at`), each expired in its own transaction
 * under its row lock by `expireOrderIfDue`, so an order another process or request settled meanwhile is left
 * as it is. Stops between orders once `signal` is aborted (shutdown); the rest stay due for the next sweep.
 */
export async function expireOverdueBatch(
  deps: ExpiryDeps,
  batchSize: number,
  signal?: AbortSignal,
): Promise<{ found: number; acted: number }> {
  const ids = await deps.db.read((uow) => new OrderRepository(uow).overdueOrderIds(deps.now(), batchSize));
  let acted = 0;
  for (const id of ids) {
    if (signal?.aborted) break;
    if ((await expireOrderIfDue(deps, id)).kind === 'expired') acted += 1;
  }
  return { found: ids.length, acted };
}
