import { defineEntity, p } from '@mikro-orm/core';

export type OutboxTopic = 'order_status_changed' | 'transaction_status_changed';

/**
 * The transactional outbox. A row is written in the same database transaction as every status change;
 * webhook delivery and subscriptions read from here, so a crash after commit loses nothing.
 */
export const OutboxEventSchema = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    topic: p.enum(['order_status_changed', 'transaction_status_changed'] as const),
    projectId: p.uuid(),
    orderId: p.uuid(),
    transactionId: p.uuid().nullable(),
    fromStatus: p.text().nullable(),
    toStatus: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    relayedAt: p.datetime().nullable(),
  },
});
export class OutboxEvent extends OutboxEventSchema.class {}
OutboxEventSchema.setClass(OutboxEvent);
