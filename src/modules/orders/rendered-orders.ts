import type { LRUCache } from 'lru-cache';
import { boundedCache } from '../../platform/bounded-cache.ts';
import type { Deps } from '../../platform/deps.ts';

/** One order's rendering as it was at `version` (order-views.repository.ts `VIEW_VERSION`), for `audience`. */
interface Rendering {
  readonly version: string;
  readonly audience: string;
  readonly body: string;
}

/**
 * This process's renderings of orders (a REST GET's body), each kept with the version of the rows it was
 * rendered from. A rendering is served only after the database has answered, in the read's own statement,
 * that the order is still at that version: never a stale order, whichever process or writer changed it. What
 * it saves is building the view (four index scans and the JSON, in PostgreSQL), parsing it and rendering it
 * again for an order that did not change: a read of an unchanged order costs one index lookup's round trip.
 *
 * Keyed by project and order: another project's read never sees it (and its version read is scoped to its
 * own project first). Bounded (least recently used first) and each entry kept at most `ttlMs`.
 */
export class RenderedOrders {
  readonly #renderings: LRUCache<string, Rendering> | null;

  constructor(options: { entries: number; ttlMs: number }) {
    this.#renderings =
      options.entries > 0 ? boundedCache({ entries: options.entries, ttlMs: options.ttlMs }) : null;
  }

  /** The version this process last rendered the order at, if it has a rendering for `audience`. */
  knownVersion(projectId: string, orderId: string, audience: string): string | null {
    const rendering = this.#renderings?.get(keyOf(projectId, orderId));
    return rendering && rendering.audience === audience ? rendering.version : null;
  }

  /** The body rendered at `version` for `audience`, or null. */
  bodyAt(projectId: string, orderId: string, audience: string, version: string): string | null {
    const rendering = this.#renderings?.get(keyOf(projectId, orderId));
    return rendering && rendering.audience === audience && rendering.version === version
      ? rendering.body
      : null;
  }

  remember(projectId: string, orderId: string, rendering: Rendering): void {
    this.#renderings?.set(keyOf(projectId, orderId), rendering);
  }
}

const keyOf = (projectId: string, orderId: string) => `${projectId}/${orderId}`;

/** What reading an order's rendering needs beyond the base deps. */
export interface RenderedOrderDeps extends Deps {
  renderedOrders: RenderedOrders;
}
