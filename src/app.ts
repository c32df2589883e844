import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import { PERSISTED_DOCUMENTS_FILE, PORTAL_BUILD_DIR } from '../portal/build.ts';
import { API_TITLE, apiDocument } from './api-document.ts';
import { pathPrefixOf } from './config/index.ts';
import { auditMutations } from './modules/audit/graphql/mutation-audit.ts';
import { recordRestWrites } from './modules/audit/rest/audit-hook.ts';
import { EventFeed } from './modules/events/event-feed.ts';
import { hashApiKey, isWellFormedApiKey } from './modules/identity/api-key.ts';
import { apiKeyRefusedAtOnce, authenticateApiKey } from './modules/identity/commands/authenticate-api-key.ts';
import { sessionActorOf } from './modules/identity/session-authentication.ts';
import { sessionCookieOf } from './modules/identity/session-cookie.ts';
import { hashSessionToken } from './modules/identity/session-token.ts';
import { federationEntities, graphqlPlugins, registerRoutes, resolvers } from './modules/index.ts';
import { apiKeyFromConnectionParams } from './modules/subscriptions/connection-auth.ts';
import { instrumentApp } from './observability.ts';
import { type Actor, principalId } from './platform/auth/actor.ts';
import { concerns } from './platform/auth/credential-change.ts';
import { migrationsCurrent } from './platform/db/migrations.ts';
import { mountGraphQL } from './platform/graphql/apollo.ts';
import { enforceRoles } from './platform/graphql/authorization.ts';
import { OperationLimits } from './platform/graphql/limits.ts';
import type { OperationGate } from './platform/graphql/operation-gate.ts';
import { reportPagingRefusals } from './platform/graphql/paging-errors.ts';
import { GRAPHQL_PATH, SUBGRAPH_PATH } from './platform/graphql/paths.ts';
import { buildSchema, buildSubgraphSchema } from './platform/graphql/schema.ts';
import { TrustedDocuments } from './platform/graphql/trusted-documents.ts';
import {
  mountGraphQLWebSocket,
  type OpenSockets,
  type SocketCredential,
} from './platform/graphql/websocket.ts';
import {
  currentCaller,
  registerAuthentication,
  requireActor,
  requireApiKeyOrSession,
} from './platform/http/authentication.ts';
import { apiKeyFromBasicAuth } from './platform/http/basic-auth.ts';
import { type ReadinessCheck, registerHealth } from './platform/http/health.ts';
import { registerIdempotency } from './platform/http/idempotency.ts';
import { loadIdempotencySecret } from './platform/http/idempotency-secret.ts';
import { mountPortal } from './platform/http/portal.ts';
import { registerRateLimits } from './platform/http/rate-limits.ts';
import { createHttpServer } from './platform/http/server.ts';
import { CostBudget } from './platform/limits/cost-budget.ts';
import { SharedWindowLimits } from './platform/limits/window-limits.ts';
import { mountApiReference } from './platform/openapi/api-reference.ts';
import { checkResponsesAgainstContracts } from './platform/openapi/response-check.ts';
import { recordRoutes } from './platform/openapi/route-registry.ts';
import type { AppDeps, AppGraphQLContext, AppServices } from './services.ts';

/** Composes the HTTP faces (REST, GraphQL, graphql-ws, pages) over the domain modules. Does not listen. */
export async function buildApp(services: AppServices, deps: AppDeps): Promise<FastifyInstance> {
  const app = createHttpServer({
    logger: services.logger,
    requestTimeoutMs: deps.config.security.requestTimeoutMs,
  });
  // Every route from here on is recorded: REST routes with their contracts make the OpenAPI document.
  const routes = recordRoutes(app);
  // In tests, every answer of a REST route is held to its contract (platform/openapi/response-check.ts).
  if (deps.config.env === 'test') checkResponsesAgainstContracts(app);
  // Built at its first read (a request refused before its route runs never builds it), then kept.
  const requestDeps = Symbol('request deps');
  const depsOf = requestDepsOver(deps);
  app.decorateRequest(requestDeps, null);
  app.decorateRequest('deps', {
    getter(this: FastifyRequest) {
      const memo = this as FastifyRequest & { [requestDeps]: AppDeps | null };
      memo[requestDeps] ??= depsOf(this);
      return memo[requestDeps];
    },
  });
  registerHealth(app, {
    checks: readinessChecks(services, deps),
    draining: () => services.lifecycle.draining,
  });
  let sockets: OpenSockets | null = null;
  const metrics = instrumentApp(app, services, deps, () => sockets);
  const sessionCookie = sessionCookieOf(deps.config);
  // Counters every process shares (PostgreSQL), with a cache in front: see platform/limits/window-limits.ts.
  const rateLimits = new SharedWindowLimits(deps.counters, deps.logger);
  app.addHook('onClose', async () => {
    await rateLimits.flush();
    rateLimits.close();
  });
  registerRateLimits(app, deps.config.security.rateLimits, rateLimits);
  registerAuthentication(app, {
    apiKey: (credential, request) => authenticateApiKey(request.deps, credential.apiKey, credential.keyHash),
    apiKeyRefusedAtOnce: (credential) => apiKeyRefusedAtOnce(deps, credential.apiKey, credential.keyHash),
    refusedHeaders: deps.config.security.credentialCache,
    session: async (request) =>
      (
        await sessionActorOf(
          request.deps,
          sessionCookie,
          request.headers.cookie,
          request.headers['x-csrf-token'],
        )
      )?.actor ?? null,
  });
  // Before every route and GraphQL, so that each authenticated POST accepts an Idempotency-Key.
  registerIdempotency(app, {
    scopeOf: async (request) => {
      const actor = await (request.routePattern === GRAPHQL_PATH ? requireApiKeyOrSession : requireActor)(
        request,
      );
      return { projectId: actor.projectId, callerId: principalId(actor.principal) };
    },
    secret: loadIdempotencySecret(deps.config),
    db: deps.db,
    now: deps.now,
    ownerId: () => services.notifications.ownerId(),
  });

  const { schema, subgraph } = graphqlSchemas();
  // Every authenticated REST write is recorded once answered; pending entries are written at shutdown.
  recordRestWrites(app, deps.audit);
  app.addHook('onClose', () => deps.audit.flush());
  const production = deps.config.env === 'production';
  const { security } = deps.config;
  // Each project's budget of cost points, shared by every process; the same for both endpoints and graphql-ws.
  const budget = CostBudget.inDatabase(deps.db, security.graphqlCostBudget, (err) =>
    deps.logger.warn({ err }, 'the GraphQL cost budget could not be read; the operation went through'),
  );
  const gate: OperationGate = {
    trusted: TrustedDocuments.load(PERSISTED_DOCUMENTS_FILE, security.graphqlTrustedDocuments),
    limits: new OperationLimits(schema, security.graphqlLimits),
    budget,
  };
  const httpContext = (request: FastifyRequest, actor: Actor): AppGraphQLContext => ({
    deps: request.deps,
    actor,
    currentActor: () => currentCaller(request),
    request,
    clientAddress: request.ip,
    loaders: new Map(),
  });
  await mountGraphQL<AppGraphQLContext>(app, {
    schema,
    production,
    debug: deps.config.graphqlDebug,
    gate,
    plugins: [metrics.graphqlPlugin<AppGraphQLContext>(), ...graphqlPlugins()],
    authenticate: requireApiKeyOrSession,
    context: httpContext,
  });
  // The same SDL and resolvers as a Federation 2 subgraph, for a company's gateway (API keys only).
  await mountGraphQL<AppGraphQLContext>(app, {
    schema: subgraph,
    path: SUBGRAPH_PATH,
    explorer: false,
    production,
    debug: deps.config.graphqlDebug,
    gate: { limits: new OperationLimits(subgraph, security.graphqlLimits), budget },
    plugins: [metrics.graphqlPlugin<AppGraphQLContext>(), ...graphqlPlugins()],
    authenticate: requireActor,
    context: httpContext,
  });
  // graphql-ws on the same path, over the same schema; its operations also see this process's live events feed.
  const feed = new EventFeed({
    db: deps.db,
    notifications: services.notifications,
    logger: deps.logger.child({ component: 'event-feed' }),
    maxBehind: deps.config.events.subscriptionMaxBehind,
    sweepMs: deps.config.outboxSweepIntervalSeconds * 1000,
  });
  const ownOrigins = new Set([
    new URL(deps.config.baseUrl).origin,
    new URL(deps.config.merchantPortalUrl).origin,
  ]);
  sockets = mountGraphQLWebSocket<AppGraphQLContext>(app, {
    schema,
    path: GRAPHQL_PATH,
    production,
    recheckIntervalMs: deps.config.security.socketRecheckIntervalMs,
    gate,
    authenticate: async (params, request): Promise<SocketCredential | null> => {
      const apiKey = apiKeyFromConnectionParams(params) ?? apiKeyFromBasicAuth(request.headers.authorization);
      if (apiKey) {
        if (!isWellFormedApiKey(apiKey)) return null;
        const keyHash = hashApiKey(apiKey);
        const actor = await deps.credentials.apiKey(keyHash);
        return actor && { actor, recheck: () => deps.credentials.apiKey(keyHash) };
      }
      // A session cookie rides along with any upgrade a page makes: only the server's own pages may use it.
      if (!ownOrigins.has(String(request.headers.origin))) return null;
      const session = await sessionActorOf(deps, sessionCookie, request.headers.cookie, params?.csrfToken);
      if (!session) return null;
      const tokenHash = hashSessionToken(session.token);
      return { actor: session.actor, recheck: () => deps.credentials.session(tokenHash) };
    },
    context: (actor, request, socket, currentActor) => ({
      deps,
      actor,
      currentActor,
      request: null,
      clientAddress: request.socket.remoteAddress ?? null,
      loaders: new Map(),
      live: feed,
      socket,
    }),
    // One execution per event for every subscriber with the same credential and operation.
    shareScope: (actor) => `${actor.projectId}:${JSON.stringify(actor.principal)}`,
    logger: deps.logger,
    onClose: () => feed.close(),
  });
  // A revoked key, a removed user, an ended session: its sockets close at once, in every process.
  // A rolled key's sockets are re-checked at once: they learn the key's end and close at it.
  const stopWatching = deps.credentials.onChange((change) => {
    if (!change) void sockets.recheckAll();
    else if (change.revoked) sockets.closeWhere((actor) => concerns(change, actor));
    else void sockets.recheckWhere((actor) => concerns(change, actor));
  });
  app.addHook('onClose', async () => stopWatching());

  app.decorate('eventFeed', feed);

  await registerRoutes(app, deps);
  // /openapi.json and the reference page at /docs, from the contracts of the routes registered above.
  await mountApiReference(app, { title: API_TITLE, document: () => apiDocument(routes, deps.config, deps) });
  // The merchant portal's single-page app (portal/, built by portal/build.ts) at MERCHANT_PORTAL_URL's path.
  mountPortal(app, { pathPrefix: pathPrefixOf(deps.config.merchantPortalUrl), buildDir: PORTAL_BUILD_DIR });
  return app;
}

let schemas: { schema: GraphQLSchema; subgraph: GraphQLSchema } | undefined;

/**
 * `/graphql`'s schema and the same as a Federation 2 subgraph, with roles enforced and mutations audited. Built
 * once per process: they hold only the SDL and the modules' resolvers, which reach an app's services through each
 * operation's context (the audit trail too), so every app of a process (a test worker starts one per test file)
 * can serve them; building both takes about 0.4 s of CPU.
 */
function graphqlSchemas(): { schema: GraphQLSchema; subgraph: GraphQLSchema } {
  if (schemas) return schemas;
  const schema = buildSchema(resolvers);
  enforceRoles(schema, { aroundMutation: auditMutations() });
  reportPagingRefusals(schema);
  const subgraph = buildSubgraphSchema(resolvers, federationEntities);
  enforceRoles(subgraph, { aroundMutation: auditMutations() });
  schemas = { schema, subgraph };
  return schemas;
}

/** What /health/ready checks: the database answers, its migrations are current, the job queue runs. */
function readinessChecks(services: AppServices, deps: AppDeps): ReadinessCheck[] {
  const current = migrationsCurrent(services.orm);
  return [
    {
      name: 'database',
      check: () =>
        deps.db.ping().then(
          () => null,
          () => 'unreachable',
        ),
    },
    { name: 'migrations', check: async () => ((await current()) ? null : 'pending migrations') },
    { name: 'jobs', check: async () => (services.jobs.running ? null : 'job queue stopped') },
  ];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live events feed (its subscriber count is what tests and metrics read). */
    eventFeed: EventFeed;
  }
}

/**
 * A request's deps: the process's deps as their prototype (not a copy of its ~30 services per request), with the
 * request's own logger and idempotent operation. Instances of one class, so every request's deps have one shape
 * (an object made by `Object.create` with property descriptors is built slowly and kept in dictionary mode).
 */
function requestDepsOver(deps: AppDeps): (request: FastifyRequest) => AppDeps {
  class RequestDeps {
    // Fastify types its request logger as its own base type; it is the pino child of `services.logger`.
    readonly logger: Logger;
    readonly #request: FastifyRequest;
    constructor(request: FastifyRequest) {
      this.logger = request.log as Logger;
      this.#request = request;
    }
    /** Read when a command runs: the idempotency hook claims the key after authentication read the deps. */
    get operation() {
      return this.#request.idempotentOperation;
    }
  }
  Object.setPrototypeOf(RequestDeps.prototype, deps);
  return (request) => new RequestDeps(request) as unknown as AppDeps;
}
