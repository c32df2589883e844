import type { FastifyInstance } from 'fastify';
import { registerRoutes, resolvers } from './modules/index.ts';
import { requireActor } from './modules/projects/rest/authenticate.ts';
import { mountSubscriptions } from './modules/subscriptions/mount.ts';
import { mountGraphQL } from './platform/graphql/apollo.ts';
import { buildSchema } from './platform/graphql/schema.ts';
import { registerIdempotency } from './platform/http/idempotency.ts';
import { createHttpServer } from './platform/http/server.ts';
import type { AppServices } from './services.ts';

/** Composes the HTTP faces (REST, GraphQL, pages) over the domain modules. Does not listen. */
export async function buildApp(services: AppServices): Promise<FastifyInstance> {
  const app = createHttpServer({
    config: services.config,
    orm: services.orm,
    logger: services.logger,
    now: services.now,
  });
  // Before every route and GraphQL, so that each API-key authenticated POST accepts an Idempotency-Key.
  registerIdempotency(app, { scopeOf: async (request) => (await requireActor(request)).projectId });
  const schema = buildSchema(resolvers);
  await mountGraphQL(app, {
    schema,
    production: services.config.env === 'production',
    authenticate: requireActor,
  });
  // graphql-ws subscriptions on the same path, over the same schema object.
  mountSubscriptions(app, schema, services);
  await registerRoutes(app, services);
  return app;
}
