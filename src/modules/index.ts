import type { FastifyInstance } from 'fastify';
import { nodeResolvers } from '../platform/graphql/node.ts';
import type { GatewayModule, WorkerHost } from '../platform/module.ts';
import type { AppDeps } from '../services.ts';
import { auditModule } from './audit/module.ts';
import { backOfficeModule } from './back-office/module.ts';
import { eventsModule } from './events/module.ts';
import { hostedPagesModule } from './hosted-pages/module.ts';
import { idealModule } from './ideal/module.ts';
import { identityModule } from './identity/module.ts';
import { ordersModule } from './orders/module.ts';
import { paymentLinksModule } from './payment-links/module.ts';
import { paymentsModule } from './payments/module.ts';
import { projectsModule } from './projects/module.ts';
import { searchModule } from './search/module.ts';
import { subscriptionsModule } from './subscriptions/module.ts';
import { vaultModule } from './vault/module.ts';
import { walletsModule } from './wallets/module.ts';
import { webhooksModule } from './webhooks/module.ts';

/** Every module, once: the one place modules plug in (entities, resolvers, start-up, routes, workers). */
export const modules: readonly GatewayModule<AppDeps>[] = [
  projectsModule,
  identityModule,
  ordersModule,
  paymentsModule,
  vaultModule,
  walletsModule,
  backOfficeModule,
  searchModule,
  webhooksModule,
  eventsModule,
  subscriptionsModule,
  hostedPagesModule,
  paymentLinksModule,
  idealModule,
  auditModule,
];

/** Every entity MikroORM manages. */
export const entities = modules.flatMap((module) => module.entities ?? []);

/** Every module's GraphQL resolvers, merged over the SDL in schema/, and `node`/`nodes` over their node types. */
export const resolvers = [
  ...modules.flatMap((module) => (module.resolvers ? [module.resolvers] : [])),
  nodeResolvers(modules.flatMap((module) => module.nodeTypes ?? [])),
];

/** The loaders of every type a gateway may reference (`@key`): the node types and the other entity types. */
export const federationEntities = modules.flatMap((module) => [
  ...(module.nodeTypes ?? []),
  ...(module.entityTypes ?? []),
]);

/** Every module's own Apollo plugins, a fresh set for each GraphQL endpoint. */
export function graphqlPlugins() {
  return modules.flatMap((module) => module.graphqlPlugins?.() ?? []);
}

/** Once per process, before anything is served: job queues, configuration checks. */
export async function startModules(deps: AppDeps): Promise<void> {
  for (const module of modules) await module.start?.(deps);
}

/** Every module's HTTP routes (REST, hosted pages, the vault and wallet B faces). */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const module of modules) await module.routes?.(app, deps);
}

/** Every module's background workers (timers, webhook deliveries); run where JOBS_ENABLED. */
export async function registerWorkers(host: WorkerHost<AppDeps>): Promise<void> {
  for (const module of modules) await module.workers?.(host);
}
