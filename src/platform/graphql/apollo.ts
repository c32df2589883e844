import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
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
import type { OperationRequest } from './limits.ts';
import { oneMutationPerKey } from './one-mutation-per-key.ts';
import { admitOperation, type Charged, type OperationGate, settleOperation } from './operation-gate.ts';

const kActor: unique symbol = Symbol('graphql actor');
const kCharged: unique symbol = Symbol('graphql charge');
/** What the GraphQL route keeps on a request: its caller, and what its operation was charged (to settle). */
interface GraphQLRequestState {
  [kActor]: Actor | null;
  [kCharged]: Charged | null;
}
const stateOf = (request: FastifyRequest) => request as FastifyRequest & GraphQLRequestState;

/**
 * Mounts Apollo Server at `path` (/graphql, and the subgraph's /graphql/subgraph). Authentication happens before
 * Apollo sees the request (the caller passes `authenticate`), so a missing or bad key is the same 401 with the
 * same error body as on REST. Then the operation passes its gate (operation-gate.ts: trusted documents, limits,
 * the cost budget; a refusal is a 400, or a 429 with Retry-After when throttled), and every answer of an
 * operation that was costed carries `extensions.cost`. CSRF prevention stays on; introspection and the offline
 * explorer (explorer/explorer.ts) only outside production. Internal errors are logged once each
 * (error-logging.ts); stack traces reach a response only with `debug` (GRAPHQL_DEBUG=true, never in production).
 */
export async function mountGraphQL<
  Context extends { deps: Pick<Deps, 'logger' | 'operation'>; request: FastifyRequest | null },
>(
  app: FastifyInstance,
  options: {
    schema: GraphQLSchema;
    /** Where it is served; default /graphql. */
    path?: string;
    /** Serve the offline explorer at `path` (outside production); default true. */
    explorer?: boolean;
    production: boolean;
    /** Put stack traces into error responses (GRAPHQL_DEBUG; ignored in production). */
    debug?: boolean;
    authenticate: (request: FastifyRequest) => Promise<Actor>;
    /** Each operation's context, built by the composition root (it knows every module's services). */
    context: (request: FastifyRequest, actor: Actor) => Context;
    /** Trusted documents, depth, alias, token, directive and cost limits and the cost budget, before Apollo parses. */
    gate?: OperationGate;
    /** More Apollo plugins (metrics, traces). */
    plugins?: ApolloServerPlugin<Context>[];
  },
): Promise<ApolloServer<Context>> {
  const path = options.path ?? '/graphql';
  // Decorations rather than WeakMaps keyed by request (every request the same shape, no ephemerons to trace);
  // once per app, the public endpoint and the subgraph's share them (a request goes to one of them).
  if (!app.hasRequestDecorator(kActor)) {
    app.decorateRequest(kActor, null);
    app.decorateRequest(kCharged, null);
  }
  const costPlugin: ApolloServerPlugin<Context> = {
    async requestDidStart({ contextValue }) {
      // Apollo hands each operation a copy of the context: find the charge by the HTTP request it carries.
      const request = (contextValue as { request?: FastifyRequest | null }).request;
      const charged = request ? stateOf(request)[kCharged] : null;
      if (!charged) return;
      return {
        async willSendResponse({ response, document, request }) {
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          const cost = settleOperation(
            charged,
            document,
            request.operationName,
            request.variables,
            result.data,
          );
          result.extensions = { ...result.extensions, cost };
        },
      };
    },
  };
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
      // Federated traces (`ftv1`) are for Apollo's hosted studio, which a subgraph here never reports to.
      ApolloServerPluginInlineTraceDisabled(),
      costPlugin,
      oneMutationPerKey<Context>(),
      internalErrorLoggingPlugin<Context>((context) => context?.deps.logger ?? (app.log as Logger)),
      ...(options.plugins ?? []),
    ],
    formatError: (formatted, error) => formatGraphQLError(formatted, options.production, error),
  });
  await apollo.start();
  if (!options.production && options.explorer !== false) {
    await mountExplorer(app, { endpoint: path, schema: options.schema });
  }

  // A hook of this route only, after the instance's preHandlers (idempotency) as before.
  addRouteHooks(app, (route) => route.url === path, {
    preHandler: (request, reply) => authenticateAndAdmit(request, reply),
  });
  async function authenticateAndAdmit(request: FastifyRequest, reply: FastifyReply) {
    const actor = await options.authenticate(request);
    stateOf(request)[kActor] = actor;
    // Every GraphQL answer is `Cache-Control: no-store`: it is the caller's own data, never cached.
    reply.header('cache-control', 'no-store');
    const operation = (request.method === 'GET' ? request.query : request.body) as OperationRequest | null;
    if (!operation || typeof operation !== 'object' || !options.gate) return;
    const admission = await admitOperation(options.gate, operation, actor);
    if (admission.admitted) {
      if (admission.charged) stateOf(request)[kCharged] = admission.charged;
      return;
    }
    if (admission.retryAfterSeconds) reply.header('retry-after', String(admission.retryAfterSeconds));
    return reply.code(admission.status).send({
      errors: [formatGraphQLError(admission.error.toJSON(), options.production)],
      ...(admission.cost ? { extensions: { cost: admission.cost } } : {}),
    });
  }

  await app.register(fastifyApollo(apollo), {
    path,
    context: async (request) => {
      const actor = stateOf(request)[kActor];
      if (!actor)
        throw new GraphQLError('Unauthenticated', {
          extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
        });
      return options.context(request, actor);
    },
  });
  return apollo;
}
