import { Repository } from '../../platform/db/repository.ts';
import { OutboxEvent } from '../orders/outbox.entity.ts';

/** Reads outbox rows for live subscriptions (never writes: rows are written by the status changes). */
export class OutboxNotificationRepository extends Repository {
  findByIds(ids: number[]): Promise<OutboxEvent[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.em.find(OutboxEvent, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
  }

  findAfter(id: number, limit: number): Promise<OutboxEvent[]> {
    return this.em.find(OutboxEvent, { id: { $gt: id } }, { orderBy: { id: 'asc' }, limit });
  }
}
