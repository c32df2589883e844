import type { EventData, EventType } from '../orders/index.ts';
import type { Cursor } from './cursor.ts';

/** One event of the feed as every face and subscription sees it. */
export interface EventRecord {
  /** The event's public id (uuid). */
  eventId: string;
  cursor: Cursor;
  type: EventType;
  projectId: string;
  orderId: string;
  transactionId: string | null;
  occurredAt: Date;
  data: EventData;
}

/** Which events a reader wants; always within one project. */
export interface EventFilter {
  projectId: string;
  types?: readonly EventType[] | null;
  orderId?: string | null;
  /** Only events that occurred strictly after this time. */
  occurredAfter?: Date | null;
}

export function matchesFilter(event: EventRecord, filter: EventFilter): boolean {
  return (
    event.projectId === filter.projectId &&
    (!filter.types?.length || filter.types.includes(event.type)) &&
    (!filter.orderId || event.orderId === filter.orderId) &&
    (!filter.occurredAfter || event.occurredAt.getTime() > filter.occurredAfter.getTime())
  );
}
