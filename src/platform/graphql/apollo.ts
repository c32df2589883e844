import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../deps.ts';
import { internalErrorLoggingPlugin } from './error-logging.ts';
import { mountExplorer } from './explorer/explorer.ts';

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
  },
): Promise<ApolloServer<Context>> {
  const apollo = new ApolloServer<Context>({
    schema: options.schema,
    introspection: !options.production,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: Boolean(options.debug) && !options.production,
    // Apollo's own landing page loads Apollo Sandbox from the internet; ours is served locally, below.
    plugins: [
      fastifyApolloDrainPlugin(app),
      ApolloServerPluginLandingPageDisabled(),
      internalErrorLoggingPlugin<Context>((context) => context?.deps.logger ?? (app.log as Logger)),
    ],
    formatError: (formatted, error) => maskInternalErrors(formatted, error, options.production),
  });
  await apollo.start();
  if (!options.production) await mountExplorer(app, { endpoint: '/graphql', schema: options.schema });

  const actors = new WeakMap<FastifyRequest, Actor>();
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url !== '/graphql') return;
    actors.set(request, await options.authenticate(request));
  });

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

function maskInternalErrors(formatted: GraphQLFormattedError, error: unknown, production: boolean) {
  const code = formatted.extensions?.code;
  if (production && (code === 'INTERNAL_SERVER_ERROR' || code === undefined)) {
    return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
  void error;
  return formatted;
}
