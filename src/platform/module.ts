import type { ApolloServerPlugin } from '@apollo/server';
import type { AnyEntity, EntityClass, EntitySchema } from '@mikro-orm/core';
import type { FastifyInstance } from 'fastify';
import type { Deps } from './deps.ts';
import type { GraphQLContext } from './graphql/context.ts';
import type { NodeType } from './graphql/node.ts';
import type { PgListener } from './pubsub/pg-listener.ts';

/**
 * How a module plugs into a process. Each module exports one (`src/modules/<module>/module.ts`), typed by the
 * deps its commands need; the composition root (src/modules/index.ts) lists them all once.
 */
export interface GatewayModule<D extends Deps = Deps> {
  readonly name: string;
  /** The MikroORM entities the module owns. */
  readonly entities?: readonly (EntityClass<AnyEntity> | EntitySchema)[];
  /** Resolvers over the module's SDL (schema/<module>/), typed with the generated `Resolvers`. */
  readonly resolvers?: object;
  /** Its types that implement `Node`, found by `node(id:)` and `nodes(ids:)` (platform/graphql/node.ts). */
  readonly nodeTypes?: readonly NodeType[];
  /**
   * Its Federation entities (`@key` types) that are not node types, with their loaders: the subgraph resolves a
   * gateway's references to them through these (platform/graphql/subgraph.ts). Node types are entities already.
   */
  readonly entityTypes?: readonly NodeType[];
  /** Apollo plugins of its own, one set per GraphQL endpoint (e.g. orders' kept `order(id:)` answers). */
  graphqlPlugins?(): readonly ApolloServerPlugin<GraphQLContext<D>>[];
  /** Once per process at start, before routes and workers: define job queues, check settings. */
  start?(deps: D): Promise<void>;
  /** HTTP routes (REST, pages) on the one server; every request carries its own `request.deps`. */
  routes?(app: FastifyInstance, deps: D): Promise<void>;
  /** Background work, in processes with JOBS_ENABLED (`npm start` by default, `npm run worker`). */
  workers?(host: WorkerHost<D>): Promise<void>;
}

export interface WorkerHost<D extends Deps = Deps> {
  deps: D;
  /** This process's one LISTEN connection (e.g. `outbox_events`). */
  notifications: PgListener;
  /** Cleanup run at shutdown, after HTTP has drained and before the job queue and database close. */
  onShutdown(hook: () => Promise<void>): void;
}
