import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import type { EventType } from '../../orders/index.ts';
import { isUuid } from '../../orders/index.ts';
import type { Cursor } from '../cursor.ts';
import { EventRepository } from '../event.repository.ts';
import type { EventFilter, EventRecord } from '../event-record.ts';
import { resolvePosition } from '../positions.ts';

export const MAX_EVENTS_PAGE = 100;
export const DEFAULT_EVENTS_PAGE = 20;

export interface ListEventsInput {
  types?: readonly EventType[] | null;
  orderId?: string | null;
  occurredAfter?: Date | null;
  /** Forward (oldest first) after this position (a cursor or an event id), or backward before it. */
  direction: 'forward' | 'backward';
  position?: string | null;
  /** The input field that carried the position, for error messages (`after`, `before`). */
  positionField: string;
  limit: number;
  /** The input field that carried the limit (`limit`, `first`, `last`). */
  limitField: string;
}

export interface EventPage {
  /** In feed order (oldest first), whichever the direction. */
  events: EventRecord[];
  /** Whether more events follow in the direction read. */
  hasMore: boolean;
}

/**
 * A page of the caller's project's events feed, oldest first (forward, from `after`) or the newest before a
 * position (backward). Only stable events are shown (event.repository.ts), so a page never skips one that
 * commits later; a reader keeps the last cursor and asks again for what happened since.
 */
export async function listEvents(deps: Deps, actor: Actor, input: ListEventsInput): Promise<EventPage> {
  if (!Number.isInteger(input.limit) || input.limit < 1 || input.limit > MAX_EVENTS_PAGE) {
    throw invalid(input.limitField, `must be an integer from 1 to ${MAX_EVENTS_PAGE}`);
  }
  if (input.orderId != null && !isUuid(input.orderId)) throw invalid('order_id', 'must be a uuid');
  const filter: EventFilter = {
    projectId: actor.projectId,
    types: input.types,
    orderId: input.orderId?.toLowerCase(),
    occurredAfter: input.occurredAfter,
  };
  return deps.db.read(async (uow) => {
    const events = new EventRepository(uow);
    const from: Cursor | null = input.position
      ? await resolvePosition(events, actor.projectId, input.position, input.positionField)
      : null;
    const rows = await readYourWrites(
      () => events.page({ filter, from, limit: input.limit + 1, direction: input.direction }),
      // A full forward page is complete whatever commits later; a backward page shows the newest.
      input.direction === 'forward' ? input.limit + 1 : Number.POSITIVE_INFINITY,
    );
    const page = rows.slice(0, input.limit);
    return {
      events: input.direction === 'forward' ? page : page.reverse(),
      hasMore: rows.length > input.limit,
    };
  });
}

/** How long a read waits for events already committed to become stable (usually milliseconds). */
const STABLE_WAIT_MS = 1000;

/**
 * Reads a page; while events of the selection have committed but wait behind a transaction still running,
 * reads again shortly (up to a second), so a client that just made a change sees its event.
 */
async function readYourWrites(
  read: () => Promise<{ events: EventRecord[]; waiting: boolean }>,
  enough: number,
): Promise<EventRecord[]> {
  const deadline = Date.now() + STABLE_WAIT_MS;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const { events, waiting } = await read();
    if (!waiting || events.length >= enough || Date.now() + pause > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
