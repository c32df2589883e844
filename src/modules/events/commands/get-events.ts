import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { uuidsAmong } from '../../../platform/validation/uuid.ts';
import { EventRepository } from '../event.repository.ts';
import type { EventRecord } from '../event-record.ts';

/**
 * The caller's project's events among `eventIds`, in no particular order; unknown ids, malformed ones and other
 * projects' events are left out. One prepared statement, whatever the number of ids.
 */
export function getEvents(deps: Deps, actor: Actor, eventIds: readonly string[]): Promise<EventRecord[]> {
  const ids = uuidsAmong(eventIds);
  if (ids.length === 0) return Promise.resolve([]);
  return deps.db.read((uow) => new EventRepository(uow).findEvents(actor.projectId, ids));
}
