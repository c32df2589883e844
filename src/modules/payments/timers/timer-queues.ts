import type { AppConfig } from '../../../config/index.ts';
import type { EntityManager } from '../../../platform/db/orm.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { paymentRuntimeFor } from '../payment-runtime.ts';

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

/**
 * With `em`: inside that unit of work, so the timer commits or rolls back with the order. Without (a worker
 * re-arming a timer that fired early): best effort, the sweeps catch up on a failure.
 */
export async function scheduleOrderExpiry(
  config: AppConfig,
  order: { id: string; expiresAt: Date },
  em?: EntityManager,
): Promise<void> {
  const job: OrderExpiryJob = { orderId: order.id };
  await sendTimer(config, ORDER_EXPIRY_QUEUE, job, order.expiresAt, em);
}

export async function scheduleAuthorizationRelease(
  config: AppConfig,
  transactionId: string,
  capturableUntil: Date,
  em?: EntityManager,
): Promise<void> {
  const job: AuthorizationReleaseJob = { transactionId };
  await sendTimer(config, AUTHORIZATION_RELEASE_QUEUE, job, capturableUntil, em);
}

async function sendTimer(
  config: AppConfig,
  queue: string,
  data: object,
  at: Date,
  em: EntityManager | undefined,
): Promise<void> {
  const runtime = paymentRuntimeFor(config);
  if (!runtime) return;
  if (em) {
    await runtime.jobs.send(queue, data, { startAfter: at, transaction: em });
    return;
  }
  try {
    await runtime.jobs.send(queue, data, { startAfter: at });
  } catch (error) {
    runtime.logger.warn({ err: error, queue }, 'could not schedule a timer; the next sweep will catch up');
  }
}
