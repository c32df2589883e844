import { defineEntity, p } from '@mikro-orm/core';
import { timeOrderedId } from '../../platform/time-ordered-id.ts';
import { EVENT_TYPES, type EventData, type EventType } from './event-types.ts';

/**
 * The transactional outbox, which is also the project's event log. A row is written in the same database
 * transaction as every status change, refund, capture, void and webhook give-up; webhook delivery, the events
 * feed and subscriptions read from here, so a crash after commit loses nothing. Written only through
 * order-events.ts. (`txid`, the writing transaction's id, and the derived `topic`/`from_status`/`to_status`
 * columns are filled by the database.)
 */
export const OutboxEventSchema = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    /** The event's public id. */
    eventId: p.uuid(),
    type: p.enum(EVENT_TYPES),
    projectId: p.uuid(),
    orderId: p.uuid(),
    transactionId: p.uuid().nullable(),
    /** The snapshot: what a reader needs without reading the order (see event-types.ts). */
    data: p.json<EventData>(),
    occurredAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
    relayedAt: p.datetime().nullable(),
  },
});
export class OutboxEvent extends OutboxEventSchema.class {
  /** An event of `order` (order-events.ts records every one), not yet relayed. */
  static create(
    order: { id: string; projectId: string },
    fields: { type: EventType; data: EventData; transactionId: string | null; at: Date },
  ): OutboxEvent {
    return Object.assign(new OutboxEvent(), {
      eventId: timeOrderedId(),
      type: fields.type,
      projectId: order.projectId,
      orderId: order.id,
      transactionId: fields.transactionId,
      data: fields.data,
      occurredAt: fields.at,
      relayedAt: null,
    });
  }
}
OutboxEventSchema.setClass(OutboxEvent);
