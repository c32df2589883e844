import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../deps.ts';
import { addRouteHooks } from '../http/route-hooks.ts';
import { formatGraphQLError } from './error-format.ts';
import { internalErrorLoggingPlugin } from './error-logging.ts';
import { mountExplorer } from './explorer/explorer.ts';
import type { OperationLimits, OperationRequest } from './limits.ts';

/** Every GraphQL answer Apollo sends is `Cache-Control: no-store`: it is the caller's own data, never cached. */
const noStore: ApolloServerPlugin = {
  async requestDidStart() {
    return NO_STORE_LISTENER;
  },
};
const NO_STORE_LISTENER = {
  async willSendResponse({ response }: { response: { http: { headers: Map<string, string> } } }) {
    response.http.headers.set('cache-control', 'no-store');
  },
};

/**
 * Mounts Apollo Server at /graphql. Authentication happens before Apollo sees the request (the caller passes
 * `authenticate`), so a missing or bad key is the same 401 with the same error body as on REST.
 * CSRF prevention stays on; introspection and the offline explorer (explorer/explorer.ts) only outside production.
 * Internal errors are logged once each (error-logging.ts); stack traces reach a response only with `debug`
 * (GRAPHQL_DEBUG=true, never in production).
 */
export async function mountGraphQL<Context extends { deps: Pick<Deps, 'logger'> }>(
  app: FastifyInstance,
  options: {
    schema: GraphQLSchema;
    production: boolean;
    /** Put stack traces into error responses (GRAPHQL_DEBUG; ignored in production). */
    debug?: boolean;
    authenticate: (request: FastifyRequest) => Promise<Actor>;
    /** Each operation's context, built by the composition root (it knows every module's services). */
    context: (request: FastifyRequest, actor: Actor) => Context;
    /** Depth, alias, token, directive and cost limits, checked before Apollo parses (limits.ts). */
    limits?: OperationLimits;
    /** More Apollo plugins (metrics, traces). */
    plugins?: ApolloServerPlugin<Context>[];
  },
): Promise<ApolloServer<Context>> {
  const apollo = new ApolloServer<Context>({
    schema: options.schema,
    introspection: !options.production,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: Boolean(options.debug) && !options.production,
    // A persisted-query hash would reach Apollo's parser without passing the limits below.
    persistedQueries: false,
    // Apollo's own landing page loads Apollo Sandbox from the internet; ours is served locally, below.
    plugins: [
      fastifyApolloDrainPlugin(app),
      ApolloServerPluginLandingPageDisabled(),
      // No field has a cache hint, so Apollo's cache-control plugin only ever answered `no-store`, at the price
      // of a hook around every resolved field (Apollo instruments the whole schema for it). The header stays.
      ApolloServerPluginCacheControlDisabled(),
      noStore,
      internalErrorLoggingPlugin<Context>((context) => context?.deps.logger ?? (app.log as Logger)),
      ...(options.plugins ?? []),
    ],
    formatError: (formatted, error) => formatGraphQLError(formatted, options.production, error),
  });
  await apollo.start();
  if (!options.production) await mountExplorer(app, { endpoint: '/graphql', schema: options.schema });

  const actors = new WeakMap<FastifyRequest, Actor>();
  // A hook of the /graphql route only, after the instance's preHandlers (idempotency) as before.
  addRouteHooks(app, (route) => route.url === '/graphql', {
    preHandler: (request, reply) => authenticateAndLimit(request, reply),
  });
  async function authenticateAndLimit(request: FastifyRequest, reply: FastifyReply) {
    actors.set(request, await options.authenticate(request));
    const operation = (request.method === 'GET' ? request.query : request.body) as OperationRequest | null;
    const refused = operation && options.limits?.check(operation);
    if (refused) {
      return reply.code(400).send({ errors: [formatGraphQLError(refused.toJSON(), options.production)] });
    }
  }

  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    context: async (request) => {
      const actor = actors.get(request);
      if (!actor)
        throw new GraphQLError('Unauthenticated', {
          extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
        });
      return options.context(request, actor);
    },
  });
  return apollo;
}
