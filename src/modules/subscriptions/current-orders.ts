import DataLoader from 'dataloader';
import type { Deps } from '../../platform/deps.ts';
import type { LiveEvent } from '../events/index.ts';
import type { OrderView } from '../orders/index.ts';
import { getOrdersOfProjects } from '../orders/index.ts';

type Key = { projectId: string; orderId: string };

const loaders = new WeakMap<Deps['db'], DataLoader<Key, OrderView | null, string>>();

/**
 * The order of a live event as it is now, read once per event however many subscribers ask (the event's
 * `shared` scope), and batched with the other events of the same tick into one read.
 */
export function currentOrderOf(deps: Pick<Deps, 'db'>, event: LiveEvent): Promise<OrderView | null> {
  return event.shared('order', () => {
    let loader = loaders.get(deps.db);
    if (!loader) {
      // Batching only: an event's own `shared` scope is the cache, and the order must be read fresh each time.
      loader = new DataLoader((keys) => getOrdersOfProjects(deps, keys), {
        cache: false,
        cacheKeyFn: (key) => `${key.projectId}/${key.orderId}`,
      });
      loaders.set(deps.db, loader);
    }
    return loader.load({ projectId: event.record.projectId, orderId: event.record.orderId });
  });
}
