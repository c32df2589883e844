import { randomUUID } from 'node:crypto';
import { WebhookDelivery, type WebhookDeliveryReason } from './webhook-delivery.entity.ts';

/**
 * A new delivery, due at once. Deliveries are their own queue (delivery-queue.repository.ts): the workers
 * claim due ones, and every attempt schedules the next one on the same row, so the attempt count lives in our
 * table and an attempt recorded twice (a lease that ran out mid-attempt) is recognised and skipped.
 */
export function newDelivery(input: {
  projectId: string;
  orderId: string;
  outboxEventId: number | null;
  eventId: string;
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
    eventId: input.eventId,
    reason: input.reason,
    orderStatus: input.orderStatus,
    state: 'pending' as const,
    attemptCount: 0,
    maxAttempts: input.maxAttempts,
    createdAt: input.at,
    lastAttemptAt: null,
    // Due now: the workers compare it with the database clock.
    nextAttemptAt: new Date(),
    completedAt: null,
    leaseUntil: null,
  });
}
