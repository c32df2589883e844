import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config/index.ts';
import type { UnitOfWork } from '../../platform/db/db.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { WebhookDelivery, type WebhookDeliveryReason } from './webhook-delivery.entity.ts';

/**
 * One pg-boss job per delivery attempt. Retries are scheduled by the attempt itself (a new job, in the
 * transaction that records the failed attempt), so the attempt count lives in our table and a job run twice
 * after a crash is recognised by its attempt number and skipped.
 */
export const WEBHOOK_DELIVERY_QUEUE = 'webhooks.deliver';

export interface WebhookDeliveryJob {
  deliveryId: string;
  /** Which attempt this job makes, 1 for the first. */
  attempt: number;
}

export async function defineWebhookQueue(jobs: JobQueue, config: AppConfig): Promise<void> {
  const { firstTimeoutMs, retryTimeoutMs, retryIntervalSeconds } = config.webhooks;
  await jobs.define(WEBHOOK_DELIVERY_QUEUE, {
    // Only for faults of our own (database down): a failed delivery is not a failed job.
    retryLimit: 10,
    retryDelaySeconds: retryIntervalSeconds,
    // Long enough for DNS, connect and read at the longest timeout; a job held longer was lost with its process.
    expireInSeconds: Math.ceil((3 * Math.max(firstTimeoutMs, retryTimeoutMs)) / 1000) + 30,
  });
}

/** Enqueues an attempt inside the caller's transaction: the job exists only if the transaction commits. */
export async function enqueueAttempt(
  jobs: JobQueue,
  uow: UnitOfWork,
  job: WebhookDeliveryJob,
  startAfter?: Date,
): Promise<void> {
  await jobs.send(WEBHOOK_DELIVERY_QUEUE, job, { transaction: uow, startAfter });
}

export function newDelivery(input: {
  projectId: string;
  orderId: string;
  outboxEventId: number | null;
  reason: WebhookDeliveryReason;
  orderStatus: string;
  maxAttempts: number;
  at: Date;
}): WebhookDelivery {
  return Object.assign(new WebhookDelivery(), {
    id: randomUUID(),
    projectId: input.projectId,
    orderId: input.orderId,
    outboxEventId: input.outboxEventId,
    reason: input.reason,
    orderStatus: input.orderStatus,
    state: 'pending' as const,
    attemptCount: 0,
    maxAttempts: input.maxAttempts,
    createdAt: input.at,
    lastAttemptAt: null,
    nextAttemptAt: input.at,
    completedAt: null,
  });
}
