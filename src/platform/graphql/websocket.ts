import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  type ExecutionArgs,
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  getVariableValues,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { CloseCode } from 'graphql-ws';
import type { Logger } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Actor } from '../auth/actor.ts';
import { isDatabaseOutage, OUTAGE_MESSAGE_TEXT } from '../errors/outage.ts';
import { requestIdFrom } from '../http/request-id.ts';
import type { OperationSocket } from './context.ts';
import { formatGraphQLError } from './error-format.ts';
import { logInternalErrors } from './error-logging.ts';
import {
  admitOperation,
  type Charged,
  chargeReplayedEvent,
  type OperationGate,
  settleOperation,
} from './operation-gate.ts';
import { type ReplayMeter, subscribeShared } from './shared-subscriptions.ts';
import { serveGraphQLWs, upgraded } from './ws-transport.ts';

type ConnectionParams = Record<string, unknown> | undefined;

/** A connection's proof of identity: who it is now, and how to ask again (through the credential cache). */
export interface SocketCredential {
  actor: Actor;
  /** The credential's current actor, or null once it no longer works (revoked, removed, signed out, expired). */
  recheck(): Promise<Actor | null>;
}

interface Connection {
  socket: WebSocket;
  credential: SocketCredential;
  expiryTimer: NodeJS.Timeout | null;
}

/** What the composition root can do to open sockets. */
export interface OpenSockets {
  /** Closes (4403) every socket whose caller `match` picks, e.g. a revoked key's. */
  closeWhere(match: (actor: Actor) => boolean): number;
  /** How many sockets are open now (metrics). */
  openCount(): number;
  /** Re-checks every socket's credential: closes the ones that stopped working, refreshes the others. */
  recheckAll(): Promise<void>;
  /**
   * Re-checks the sockets whose caller `match` picks (a key just rolled: it now has an end): each is closed if its
   * credential stopped working, else its expiry timer is set to the credential's new end.
   */
  recheckWhere(match: (actor: Actor) => boolean): Promise<void>;
}

/**
 * Closes a connection whose credential could not be checked because the database is away: "try again later"
 * (RFC 6455's 1013), never 4403, which tells a client its key is bad. Clients reconnect with `afterEvent`.
 */
export const TRY_AGAIN_LATER = 1013;

/** What a credential check answered: the actor, a refusal (null), or no answer at all (the database is away). */
const OUTAGE = Symbol('database outage');
async function checkCredential<T extends Actor | SocketCredential>(
  check: () => Promise<T | null>,
): Promise<T | null | typeof OUTAGE> {
  try {
    return await check();
  } catch (error) {
    if (isDatabaseOutage(error)) return OUTAGE;
    return null;
  }
}

/** Longest delay a timer can have; a credential ending later than this is caught by the periodic recheck. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Operations open at once on one graphql-ws connection (docs/reference/limits.md). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;

/**
 * Serves the graphql-ws protocol (subscriptions, and any other operation) on the same path as GraphQL over
 * HTTP, with the same executable schema. The WebSocket server hangs off the HTTP server's `upgrade` event, so
 * it shares the port and needs no Fastify plugin.
 *
 * The caller is authenticated at `connection_init` (the payload and the upgrade request: an API key, or the
 * session cookie with its CSRF token) and again before every operation, through the credential cache: a
 * credential that stopped working closes the socket with 4403 Forbidden and the operation never runs. Sockets
 * of a revoked principal are closed as soon as the revocation is known (`closeWhere`), a credential's own end
 * (a rolled key's, a session's lifetime) closes it on time, and `recheckIntervalMs` re-checks every socket
 * as a safety net (an idle-timed-out session, a missed notification).
 */
export function mountGraphQLWebSocket<Context extends object>(
  app: FastifyInstance,
  options: {
    schema: GraphQLSchema;
    path: string;
    production: boolean;
    /** Resolves the connection_init payload and upgrade request to a credential, or null to refuse it. */
    authenticate: (params: ConnectionParams, request: IncomingMessage) => Promise<SocketCredential | null>;
    /**
     * Each operation's context, built by the composition root; `currentActor` asks the connection's credential
     * again (a document's later mutation fields run as the caller is then).
     */
    context: (
      actor: Actor,
      request: IncomingMessage,
      socket: OperationSocket,
      currentActor: () => Promise<Actor | null>,
    ) => Context;
    recheckIntervalMs: number;
    /** The same gate as over HTTP (operation-gate.ts): trusted documents, limits, the cost budget. */
    gate?: OperationGate;
    /** Where internal errors of operations are logged (with the connection's and the operation's ids). */
    logger: Logger;
    /** Subscribers with the same scope and operation share one execution per event (shared-subscriptions.ts). */
    shareScope: (actor: Actor) => string;
    /** Runs once every socket is closed, at shutdown. */
    onClose?: () => void;
  },
): OpenSockets {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const connections = new Set<Connection>();
  const forbid = (connection: Connection) => {
    if (connection.socket.readyState === connection.socket.OPEN) {
      connection.socket.close(CloseCode.Forbidden, 'Forbidden');
    }
  };

  // As over HTTP (Apollo): introspection only outside production, and errors leave in the same shape.
  const rules = options.production ? [...specifiedRules, NoSchemaIntrospectionCustomRule] : specifiedRules;
  const refuse = (errors: readonly GraphQLError[], code: string) =>
    errors.map((error) => {
      const formatted = formatGraphQLError(
        { ...error.toJSON(), extensions: { ...error.extensions, code: error.extensions.code ?? code } },
        options.production,
      );
      return new GraphQLError(formatted.message, { extensions: formatted.extensions });
    });

  /** Each subscription's charge for the events it replays, by its context (graphql-ws hands `subscribe` no id). */
  const replayMeters = new WeakMap<object, ReplayMeter>();

  const graphqlWs = serveGraphQLWs<
    ConnectionParams,
    {
      connection?: Connection;
      reqId?: string;
      charges?: Map<string, Charged>;
      /** Subscriptions' charges, by operation id, until their context is built (`replayMeters` then). */
      subscriptionCharges?: Map<string, Charged>;
    }
  >(
    {
      schema: options.schema,
      onConnect: async (ctx) => {
        const credential = (await checkCredential(() =>
          options.authenticate(ctx.connectionParams, ctx.extra.request),
        )) as SocketCredential | null | typeof OUTAGE;
        if (credential === OUTAGE) {
          // graphql-ws's own 4403 that follows `false` finds the socket already closing and is not sent.
          ctx.extra.socket.close(TRY_AGAIN_LATER, 'Try again later: the database is unavailable');
          return false;
        }
        if (!credential) return false;
        const connection: Connection = { socket: ctx.extra.socket, credential, expiryTimer: null };
        scheduleExpiry(connection, forbid);
        connections.add(connection);
        ctx.extra.socket.once('close', () => {
          if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
          connections.delete(connection);
        });
        ctx.extra.connection = connection;
        // The connection's request id, as HTTP requests have theirs (x-request-id when the client sent one).
        ctx.extra.reqId = requestIdFrom(ctx.extra.request.headers['x-request-id']);
        return true;
      },
      onSubscribe: async (ctx, _id, payload) => {
        const connection = ctx.extra.connection;
        const actor = connection ? await checkCredential(() => connection.credential.recheck()) : null;
        // The database is away: this operation is refused with a code to retry on, the socket stays open.
        if (actor === OUTAGE) {
          return [new GraphQLError(OUTAGE_MESSAGE_TEXT, { extensions: { code: 'SERVICE_UNAVAILABLE' } })];
        }
        if (!connection || !actor) {
          if (connection) forbid(connection);
          return [
            new GraphQLError('Forbidden: the credential no longer works', {
              extensions: { code: 'FORBIDDEN' },
            }),
          ];
        }
        connection.credential.actor = actor;
        // A subscription is charged once, when it starts, and then costs memory and a share of every event's
        // work for as long as it is open: one socket may hold only so many (1,800 on one socket in a probe).
        // (graphql-ws has entered this one already: the count includes it.)
        if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS_PER_SOCKET) {
          return refuse(
            [
              new GraphQLError(
                `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} operations may be open on one connection: complete one first`,
              ),
            ],
            'TOO_MANY_SUBSCRIPTIONS',
          );
        }
        if (options.gate) {
          const admission = await admitOperation(options.gate, payload, actor);
          if (!admission.admitted) return refuse([admission.error], 'BAD_REQUEST');
          if (admission.charged) {
            ctx.extra.charges ??= new Map();
            ctx.extra.charges.set(_id, admission.charged);
          }
        }
        let document: ExecutionArgs['document'];
        try {
          document = parse(payload.query);
        } catch (error) {
          const parseError =
            error instanceof GraphQLError ? error : new GraphQLError('The document could not be parsed');
          return refuse([parseError], 'GRAPHQL_PARSE_FAILED');
        }
        const invalid = validate(options.schema, document, rules);
        if (invalid.length) return refuse(invalid, 'GRAPHQL_VALIDATION_FAILED');
        const operation = getOperationAST(document, payload.operationName);
        // Variables the schema refuses are the caller's mistake (BAD_USER_INPUT, as Apollo answers over HTTP), not
        // an error of the execution that graphql-js would otherwise report without a code.
        const coerced = operation
          ? getVariableValues(options.schema, operation.variableDefinitions ?? [], payload.variables ?? {})
          : null;
        if (coerced?.errors) return refuse(coerced.errors, 'BAD_USER_INPUT');
        // A subscription was charged once, when it started: its live events carry no cost of their own; each
        // event it replays from a resume point costs as much again (operation-gate.ts `chargeReplayedEvent`).
        if (operation?.operation === 'subscription') {
          const charged = ctx.extra.charges?.get(_id);
          ctx.extra.charges?.delete(_id);
          if (charged?.budget) {
            ctx.extra.subscriptionCharges ??= new Map();
            ctx.extra.subscriptionCharges.set(_id, charged);
          }
        }
        return {
          schema: options.schema,
          document,
          variableValues: payload.variables,
          operationName: payload.operationName,
        };
      },
      onNext: (ctx, id, _payload, args, result) => {
        const charged = ctx.extra.charges?.get(id);
        if (charged) {
          ctx.extra.charges!.delete(id);
          const data = 'data' in result ? (result.data as Record<string, unknown> | null | undefined) : null;
          const cost = settleOperation(
            charged,
            args.document,
            args.operationName ?? undefined,
            args.variableValues,
            data,
          );
          result = { ...result, extensions: { ...result.extensions, cost } };
          if (!('errors' in result) || !result.errors) return result;
        }
        if (!('errors' in result) || !result.errors) return;
        logInternalErrors(options.logger, result.errors, {
          reqId: ctx.extra.reqId ?? null,
          operationId: id,
          operationName: getOperationAST(args.document, args.operationName)?.name?.value ?? null,
        });
        return {
          ...result,
          errors: result.errors.map((error) => formatGraphQLError(error.toJSON(), options.production, error)),
        };
      },
      onComplete: (ctx, id) => {
        ctx.extra.charges?.delete(id);
        ctx.extra.subscriptionCharges?.delete(id);
      },
      context: (ctx, id) => {
        const { credential } = ctx.extra.connection!;
        const context = options.context(
          credential.actor,
          ctx.extra.request,
          { close: (code, reason) => ctx.extra.socket.close(code, reason) },
          () => credential.recheck(),
        );
        const charged = ctx.extra.subscriptionCharges?.get(id);
        if (charged) {
          ctx.extra.subscriptionCharges!.delete(id);
          replayMeters.set(context, () => chargeReplayedEvent(charged));
        }
        return context;
      },
      subscribe: (args) => {
        const { actor } = args.contextValue as { actor: Actor };
        return subscribeShared(
          args,
          options.shareScope(actor),
          replayMeters.get(args.contextValue as object),
        );
      },
    },
    wss,
    { production: options.production, logger: options.logger },
  );

  app.server.on('upgrade', (request, socket, head) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '');
    if (pathname !== options.path) {
      // Another upgrade listener may own that path; if there is none, nobody will answer the socket.
      if (app.server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      upgraded(ws, socket);
      wss.emit('connection', ws, request);
    });
  });

  const sockets: OpenSockets = {
    openCount: () => wss.clients.size,
    closeWhere(match) {
      let closed = 0;
      for (const connection of connections) {
        if (match(connection.credential.actor)) {
          forbid(connection);
          closed += 1;
        }
      }
      return closed;
    },
    recheckAll: () => recheck([...connections]),
    recheckWhere: (match) =>
      recheck([...connections].filter((connection) => match(connection.credential.actor))),
  };

  async function recheck(some: Connection[]): Promise<void> {
    await Promise.all(
      some.map(async (connection) => {
        const actor = await checkCredential(() => connection.credential.recheck());
        // An outage is no answer: the socket keeps its last known credential until one can be had.
        if (actor === OUTAGE) return;
        if (!actor) {
          forbid(connection);
          return;
        }
        connection.credential.actor = actor;
        // A credential that gained an end (a rolled key) closes its socket then, not at the next sweep.
        scheduleExpiry(connection, forbid);
      }),
    );
  }

  const sweep = setInterval(() => void sockets.recheckAll(), options.recheckIntervalMs);
  sweep.unref();

  // Open sockets would keep the HTTP server from closing: end them (1001 Going away) before it does.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    const force = setTimeout(() => {
      for (const client of wss.clients) client.terminate();
    }, 1000);
    try {
      await graphqlWs.dispose();
    } finally {
      clearTimeout(force);
      options.onClose?.();
    }
  });
  return sockets;
}

/** A credential with an end of its own (a rolled key, a session's lifetime) closes its socket right then. */
function scheduleExpiry(connection: Connection, forbid: (connection: Connection) => void): void {
  if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
  connection.expiryTimer = null;
  const expiresAt = connection.credential.actor.principal.expiresAt;
  if (!expiresAt) return;
  const delay = Math.max(0, expiresAt.getTime() - Date.now());
  if (delay > MAX_TIMER_MS) return;
  connection.expiryTimer = setTimeout(() => forbid(connection), delay);
  connection.expiryTimer.unref();
}
