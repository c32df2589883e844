import { encodeCursor } from '../cursor.ts';
import type { EventRecord } from '../event-record.ts';

/** An event on REST: `{id, type, occurred, order_id, data, cursor}`. */
export function presentEvent(event: EventRecord) {
  return {
    id: event.eventId,
    type: event.type,
    occurred: event.occurredAt.toISOString(),
    order_id: event.orderId,
    data: event.data,
    cursor: encodeCursor(event.cursor),
  };
}
