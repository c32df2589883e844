import { LRUCache } from 'lru-cache';

/**
 * An LRU cache (`lru-cache`) of at most `entries` entries, optionally each kept `ttlMs`. Bounded by size (each
 * entry counts 1) rather than by `max`, because `max` makes lru-cache allocate its arrays for every entry up
 * front: about 7 ms of CPU and 1 MB for 50,000 entries, paid by every app at start (a test worker starts one per
 * test file) whether or not the cache ever fills. Sized this way the arrays grow as entries arrive; eviction is
 * the same, least recently used first.
 */
export function boundedCache<K extends {}, V extends {}>(options: {
  entries: number;
  ttlMs?: number;
}): LRUCache<K, V> {
  return new LRUCache<K, V>({
    maxSize: options.entries,
    sizeCalculation: () => 1,
    ...(options.ttlMs !== undefined && { ttl: options.ttlMs }),
  });
}
