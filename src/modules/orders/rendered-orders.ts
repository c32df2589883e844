import { LRUCache } from 'lru-cache';
import type { Deps } from '../../platform/deps.ts';

/** One order's rendering as it was at `version` (order-views.repository.ts `VIEW_VERSION`), for `audience`. */
export interface Rendering {
  readonly version: string;
  readonly audience: string;
  readonly body: string;
}

/**
 * This process's renderings of orders (a REST GET's body; for GraphQL, the view's JSON as PostgreSQL built it),
 * each kept with the version of the rows it was rendered from. A rendering is served only after the database has answered, in the read's own statement,
 * that the order is still at that version: never a stale order, whichever process or writer changed it. What
 * it saves is building the view (four index scans and the JSON, in PostgreSQL), parsing it and rendering it
 * again for an order that did not change: a read of an unchanged order costs one index lookup's round trip.
 *
 * Keyed by project and order: another project's read never sees it (and its version read is scoped to its
 * own project first). Bounded by the bodies' size, `bytes` in all (least recently used first: an order of
 * many transactions takes the room of many small ones), and each entry kept at most `ttlMs`.
 */
export class RenderedOrders {
  readonly #renderings: LRUCache<string, Rendering> | null;

  constructor(options: { bytes: number; ttlMs: number }) {
    this.#renderings =
      options.bytes > 0
        ? new LRUCache<string, Rendering>({
            maxSize: options.bytes,
            // UTF-16 code units, about the bytes of an ASCII body; the key and version are small beside it.
            sizeCalculation: (rendering, key) =>
              rendering.body.length + rendering.version.length + key.length,
            ttl: options.ttlMs,
          })
        : null;
  }

  /** The order's rendering for `audience` (its version and body), if this process keeps one. */
  rendering(projectId: string, orderId: string, audience: string): Rendering | null {
    return this.#renderings?.get(keyOf(projectId, orderId, audience)) ?? null;
  }

  /** The version this process last rendered the order at, if it has a rendering for `audience`. */
  knownVersion(projectId: string, orderId: string, audience: string): string | null {
    return this.rendering(projectId, orderId, audience)?.version ?? null;
  }

  /** The body rendered at `version` for `audience`, or null. */
  bodyAt(projectId: string, orderId: string, audience: string, version: string): string | null {
    const rendering = this.rendering(projectId, orderId, audience);
    return rendering?.version === version ? rendering.body : null;
  }

  remember(projectId: string, orderId: string, rendering: Rendering): void {
    this.#renderings?.set(keyOf(projectId, orderId, rendering.audience), rendering);
  }
}

/** One entry per audience, so the faces that read one order (REST, GraphQL) do not push out each other's. */
const keyOf = (projectId: string, orderId: string, audience: string) => `${projectId}/${orderId}/${audience}`;

/** What reading an order's rendering needs beyond the base deps. */
export interface RenderedOrderDeps extends Deps {
  renderedOrders: RenderedOrders;
}
