import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { isUuid } from '../../orders/index.ts';
import { EventRepository } from '../event.repository.ts';
import type { EventRecord } from '../event-record.ts';

/** One of the caller's project's events; any other id (another project's included) is simply not found. */
export async function getEvent(deps: Deps, actor: Actor, eventId: string): Promise<EventRecord> {
  const event = isUuid(eventId)
    ? await deps.db.read((uow) => new EventRepository(uow).findEvent(actor.projectId, eventId.toLowerCase()))
    : null;
  if (!event) throw notFound('Event', 'event_id');
  return event;
}
