import type { UnitOfWork } from '../../../platform/db/db.ts';
import type { Deps } from '../../../platform/deps.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';

/**
 * Durable timers in PostgreSQL (pg-boss): one job per open order at its `expires_at`, one per pre-authorization
 * at the end of its capture period. They are enqueued inside the unit of work that creates the order or approves
 * the authorization (they exist exactly when it commits) and survive restarts. A sweep at start, and whenever a
 * timer fires, catches anything overdue all the same (e.g. rows written before the timers existed).
 */
export const ORDER_EXPIRY_QUEUE = 'orders.expire';
export const AUTHORIZATION_RELEASE_QUEUE = 'payments.release-authorization';

export interface OrderExpiryJob {
  orderId: string;
}

export interface AuthorizationReleaseJob {
  transactionId: string;
}

export async function definePaymentQueues(jobs: JobQueue): Promise<void> {
  await jobs.define(ORDER_EXPIRY_QUEUE, { retryLimit: 10, retryDelaySeconds: 30 });
  await jobs.define(AUTHORIZATION_RELEASE_QUEUE, { retryLimit: 10, retryDelaySeconds: 60 });
}

/** Enqueued inside the unit of work that creates the order: the timer exists exactly when the order does. */
export async function scheduleOrderExpiry(
  jobs: JobQueue,
  uow: UnitOfWork,
  order: { id: string; expiresAt: Date },
): Promise<void> {
  const job: OrderExpiryJob = { orderId: order.id };
  await jobs.send(ORDER_EXPIRY_QUEUE, job, { startAfter: order.expiresAt, transaction: uow });
}

/** Enqueued inside the unit of work that approves the pre-authorization. */
export async function scheduleAuthorizationRelease(
  jobs: JobQueue,
  uow: UnitOfWork,
  transactionId: string,
  capturableUntil: Date,
): Promise<void> {
  const job: AuthorizationReleaseJob = { transactionId };
  await jobs.send(AUTHORIZATION_RELEASE_QUEUE, job, { startAfter: capturableUntil, transaction: uow });
}

/**
 * A worker re-arms a timer that fired early, outside any unit of work: best effort, the sweeps catch up on a
 * failure.
 */
export async function rearmTimer(
  deps: Pick<Deps, 'jobs' | 'logger'>,
  queue: typeof ORDER_EXPIRY_QUEUE | typeof AUTHORIZATION_RELEASE_QUEUE,
  job: OrderExpiryJob | AuthorizationReleaseJob,
  at: Date,
): Promise<void> {
  try {
    await deps.jobs.send(queue, job, { startAfter: at });
  } catch (error) {
    deps.logger.warn({ err: error, queue }, 'could not schedule a timer; the next sweep will catch up');
  }
}
