import type { FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../deps.ts';

/** Live events of this process that subscriptions filter, e.g. committed status changes. */
export interface LiveFeed<Event> {
  /** Yields each later event `accept` keeps, until the iterator is returned (the client unsubscribes). */
  subscribe(accept: (event: Event) => boolean): AsyncIterableIterator<Event>;
}

/**
 * Per-operation context: the caller, its services and units of work, and per-request loaders. The composition
 * root fixes `D` (every module's deps) and `LiveEvent` (what subscriptions receive); platform code knows neither.
 */
export interface GraphQLContext<D extends Deps = Deps, LiveEvent = unknown> {
  deps: D;
  actor: Actor;
  /** The HTTP request, absent for operations over WebSocket. */
  request: FastifyRequest | null;
  /** The client's address (the HTTP request's, or the WebSocket upgrade's). */
  clientAddress: string | null;
  /** Request-scoped caches (DataLoaders), created lazily by modules. */
  loaders: Map<string, unknown>;
  /** Set on operations over WebSocket, where subscriptions run. */
  live?: LiveFeed<LiveEvent>;
}
