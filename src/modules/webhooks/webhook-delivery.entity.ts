import { defineEntity, p } from '@mikro-orm/core';
import { timeOrderedId } from '../../platform/time-ordered-id.ts';

export type WebhookDeliveryReason = 'status_changed' | 'redelivery';
export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';
export type WebhookErrorKind =
  | 'http_status'
  | 'connect_timeout'
  | 'read_timeout'
  | 'connection_refused'
  | 'dns_failure'
  | 'tls_error'
  | 'network_error'
  | 'blocked_target'
  | 'no_target'
  /** The worker making the attempt stopped before recording it (delivery-queue.repository.ts). */
  | 'interrupted';

/** One notification of an order's status (spec part 6): a relayed status change or a redelivery. */
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.uuid().primary(),
    projectId: p.uuid(),
    orderId: p.uuid(),
    outboxEventId: p.bigint('number').nullable(),
    /** The event notified: the Standard Webhooks `webhook-id` of every attempt. */
    eventId: p.uuid(),
    reason: p.enum(['status_changed', 'redelivery'] as const),
    orderStatus: p.text(),
    state: p.enum(['pending', 'delivered', 'failed'] as const),
    attemptCount: p.integer(),
    maxAttempts: p.integer(),
    createdAt: p.datetime(),
    lastAttemptAt: p.datetime().nullable(),
    nextAttemptAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    /** Set while a worker attempts the delivery; a lease that ran out means that worker died. */
    leaseUntil: p.datetime().nullable(),
  },
});
export class WebhookDelivery extends WebhookDeliverySchema.class {
  /**
   * A new delivery, due at once. Deliveries are their own queue (delivery-queue.repository.ts): the workers
   * claim due ones, and every attempt schedules the next one on the same row, so the attempt count lives in our
   * table and an attempt recorded twice (a lease that ran out mid-attempt) is recognised and skipped.
   */
  static create(input: {
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
      id: timeOrderedId(),
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
}
WebhookDeliverySchema.setClass(WebhookDelivery);

/** One HTTP attempt of a delivery, kept for the merchant's delivery log. */
export const WebhookDeliveryAttemptSchema = defineEntity({
  name: 'WebhookDeliveryAttempt',
  tableName: 'webhook_delivery_attempts',
  properties: {
    id: p.uuid().primary(),
    deliveryId: p.uuid(),
    /** The delivery's project (every tenant table carries it: docs/operations.md). */
    projectId: p.uuid(),
    attemptNumber: p.integer(),
    startedAt: p.datetime(),
    url: p.text().nullable(),
    httpStatus: p.integer().nullable(),
    errorKind: p.type('text').$type<WebhookErrorKind>().nullable(),
    errorMessage: p.text().nullable(),
    durationMs: p.integer(),
    responseExcerpt: p.text().nullable(),
    signed: p.boolean(),
  },
});
export class WebhookDeliveryAttempt extends WebhookDeliveryAttemptSchema.class {}
WebhookDeliveryAttemptSchema.setClass(WebhookDeliveryAttempt);
