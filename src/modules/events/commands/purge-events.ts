import type { Deps } from '../../../platform/deps.ts';
import { EventRepository } from '../event.repository.ts';

const BATCH = 5_000;

/**
 * Deletes events older than the retention period (EVENTS_RETENTION_DAYS, 30 by default), in batches so no
 * statement holds many locks; returns how many. Events the relay has not handled yet are kept. Safe to run in
 * several processes at once.
 */
export async function purgeExpiredEvents(deps: Pick<Deps, 'db' | 'now' | 'config'>): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - deps.config.events.retentionDays * 86_400_000);
  let purged = 0;
  for (;;) {
    const batch = await deps.db.transaction((uow) => new EventRepository(uow).purgeBefore(cutoff, BATCH));
    purged += batch;
    if (batch < BATCH) return purged;
  }
}
