import type { UnitOfWork } from '../../platform/db/db.ts';
import type { Deps } from '../../platform/deps.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { expireOrderIfDue, expireOverdueOrders } from './commands/expire-order.ts';

/**
 * A durable timer per open order at its `expires_at` (pg-boss, in PostgreSQL). It is enqueued inside the unit of
 * work that creates the order, so it exists exactly when the order does, and survives restarts. A sweep at
 * start, and whenever a timer fires, catches anything overdue all the same.
 */
export const ORDER_EXPIRY_QUEUE = 'orders.expire';

export interface OrderExpiryJob {
  orderId: string;
}

export async function defineOrderExpiryQueue(jobs: JobQueue): Promise<void> {
  await jobs.define(ORDER_EXPIRY_QUEUE, { retryLimit: 10, retryDelaySeconds: 30 });
}

export async function scheduleOrderExpiry(
  jobs: JobQueue,
  uow: UnitOfWork,
  order: { id: string; expiresAt: Date },
): Promise<void> {
  const job: OrderExpiryJob = { orderId: order.id };
  await jobs.send(ORDER_EXPIRY_QUEUE, job, { startAfter: order.expiresAt, transaction: uow });
}

/** The timer worker, then a catch-up sweep of whatever fell due while no worker ran. */
export async function runOrderExpiry(deps: Deps): Promise<void> {
  await deps.jobs.work<OrderExpiryJob>(ORDER_EXPIRY_QUEUE, async ({ data }) => {
    const outcome = await expireOrderIfDue(deps, data.orderId);
    // Fired early (the order's expiry moved): wait again; the sweep catches up if this send fails.
    if (outcome.kind === 'not_due')
      await deps.jobs.trySend(ORDER_EXPIRY_QUEUE, data, { startAfter: outcome.expiresAt });
    await expireOverdueOrders(deps);
  });
  try {
    const expired = await expireOverdueOrders(deps);
    if (expired) deps.logger.info({ expired }, 'caught up on overdue orders');
  } catch (error) {
    // The timers and the next start sweep again; a failing sweep must not keep the service down.
    deps.logger.error({ err: error }, 'order expiry sweep failed');
  }
}
