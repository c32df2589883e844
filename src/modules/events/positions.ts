import { type Cursor, parsePosition } from './cursor.ts';
import { invalidPosition, unknownPositionEvent } from './errors.ts';
import type { EventRepository } from './event.repository.ts';

/** A client's position (a cursor, or an event id of its project) as a cursor; refuses anything else. */
export async function resolvePosition(
  events: EventRepository,
  projectId: string,
  text: string,
  field: string,
): Promise<Cursor> {
  const position = parsePosition(text);
  if (!position) throw invalidPosition(field);
  if (position.kind === 'cursor') return position.cursor;
  const event = await events.findEvent(projectId, position.eventId);
  if (!event) throw unknownPositionEvent(field);
  return event.cursor;
}
