import type { FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../deps.ts';

/** The WebSocket an operation runs on, for the rare operation that must end it (a subscriber too slow). */
export interface OperationSocket {
  close(code: number, reason: string): void;
}

/**
 * Per-operation context: the caller, its services and units of work, and per-request loaders. The composition
 * root fixes `D` (every module's deps) and `Live` (the live feed subscriptions read); platform code knows neither.
 */
export interface GraphQLContext<D extends Deps = Deps, Live = unknown> {
  deps: D;
  /** The caller the operation runs as: resolved when it came in, refreshed before each later mutation field. */
  actor: Actor;
  /**
   * The caller as of now, asked again of its credential (through the credential cache, which every revocation
   * reaches at once); null once the credential stopped working: a key revoked or expired, a user removed, a
   * session ended. Asked before each mutation field after the first (authorization.ts).
   */
  currentActor: () => Promise<Actor | null>;
  /** The HTTP request, absent for operations over WebSocket. */
  request: FastifyRequest | null;
  /** The client's address (the HTTP request's, or the WebSocket upgrade's). */
  clientAddress: string | null;
  /** Request-scoped caches (DataLoaders), created lazily by modules. */
  loaders: Map<string, unknown>;
  /** Set on operations over WebSocket, where subscriptions run. */
  live?: Live;
  /** Set on operations over WebSocket: the socket the operation runs on. */
  socket?: OperationSocket;
}
