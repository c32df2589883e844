import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../modules/projects/commands/authenticate-api-key.ts';
import type { OutboxFeed } from '../../modules/subscriptions/outbox-feed.ts';
import type { Deps } from '../deps.ts';

/** Per-operation context: the caller's project, its unit of work, and per-request loaders. */
export interface GraphQLContext {
  deps: Deps;
  actor: Actor;
  /** The HTTP request, absent for subscriptions over WebSocket. */
  request: FastifyRequest | null;
  /** Request-scoped caches (DataLoaders), created lazily by modules. */
  loaders: Map<string, unknown>;
  /** Live outbox events of this process; set on operations over WebSocket, where subscriptions run. */
  live?: OutboxFeed;
}
