import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { EventFeed } from './modules/events/event-feed.ts';
import { registerRoutes, resolvers } from './modules/index.ts';
import { authenticateApiKey } from './modules/projects/commands/authenticate-api-key.ts';
import { apiKeyFromConnectionParams } from './modules/subscriptions/connection-auth.ts';
import { mountGraphQL } from './platform/graphql/apollo.ts';
import { buildSchema } from './platform/graphql/schema.ts';
import { mountGraphQLWebSocket } from './platform/graphql/websocket.ts';
import { registerAuthentication, requireActor } from './platform/http/authentication.ts';
import { registerIdempotency } from './platform/http/idempotency.ts';
import { createHttpServer } from './platform/http/server.ts';
import type { AppDeps, AppGraphQLContext, AppServices } from './services.ts';

/** Composes the HTTP faces (REST, GraphQL, graphql-ws, pages) over the domain modules. Does not listen. */
export async function buildApp(services: AppServices, deps: AppDeps): Promise<FastifyInstance> {
  const app = createHttpServer({ logger: services.logger });
  app.decorateRequest('deps', null as unknown as AppDeps);
  app.addHook('onRequest', async (request) => {
    // Fastify types its request logger as its own base type; it is the pino child of `services.logger`.
    request.deps = { ...deps, logger: request.log as Logger };
  });
  registerAuthentication(app, (apiKey, request) => authenticateApiKey(request.deps, apiKey));
  // Before every route and GraphQL, so that each API-key authenticated POST accepts an Idempotency-Key.
  registerIdempotency(app, {
    scopeOf: async (request) => (await requireActor(request)).projectId,
    db: deps.db,
    now: deps.now,
  });

  const schema = buildSchema(resolvers);
  const production = deps.config.env === 'production';
  await mountGraphQL<AppGraphQLContext>(app, {
    schema,
    production,
    authenticate: requireActor,
    context: (request, actor) => ({ deps: request.deps, actor, request, loaders: new Map() }),
  });
  // graphql-ws on the same path, over the same schema; its operations also see this process's live events feed.
  const feed = new EventFeed({
    db: deps.db,
    notifications: services.notifications,
    logger: deps.logger.child({ component: 'event-feed' }),
    maxBehind: deps.config.events.subscriptionMaxBehind,
    sweepMs: deps.config.outboxSweepIntervalSeconds * 1000,
  });
  mountGraphQLWebSocket<AppGraphQLContext>(app, {
    schema,
    path: '/graphql',
    production,
    authenticate: async (params) => {
      const apiKey = apiKeyFromConnectionParams(params);
      return apiKey ? authenticateApiKey(deps, apiKey) : null;
    },
    context: (actor, socket) => ({ deps, actor, request: null, loaders: new Map(), live: feed, socket }),
    // One execution per event for every subscriber with the same credential and operation.
    shareScope: (actor) => `${actor.projectId}:${JSON.stringify(actor.principal)}`,
    onClose: () => feed.close(),
  });

  app.decorate('eventFeed', feed);

  await registerRoutes(app, deps);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live events feed (its subscriber count is what tests and metrics read). */
    eventFeed: EventFeed;
  }
}
