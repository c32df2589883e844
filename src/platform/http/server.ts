import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import type { Logger } from 'pino';
import { invalidFields } from '../errors/domain-error.ts';
import { fieldProblem } from '../errors/field-problem.ts';
import { isDatabaseOutage, OUTAGE_MESSAGE_TEXT, OUTAGE_RETRY_AFTER_SECONDS } from '../errors/outage.ts';
import { requestCrashPointsHook } from '../faults.ts';
import { jsonDepth, MAX_BODY_DEPTH } from '../validation/json.ts';
import {
  clientErrorResponse,
  errorBody,
  frameworkErrorBody,
  isDomainError,
  sendDomainError,
} from './error-body.ts';
import { sendNoRouteMatched } from './no-such-route.ts';
import { requestIdFrom } from './request-id.ts';

const bodyTooDeep = () =>
  invalidFields([fieldProblem(null, `must not be nested deeper than ${MAX_BODY_DEPTH} levels`, 'too_deep')]);

/** A body of nothing but white space (no allocation, unlike `trim`). */
const BLANK = /^\s*$/;
/**
 * The one HTTP server: REST, GraphQL, hosted pages and the vault face all hang off it. Paths answer with and
 * without a trailing slash and never redirect; every error leaves in the spec's error body. What a request
 * carries (`request.deps`) is the composition root's to add.
 */
export function createHttpServer(options: { logger: Logger; requestTimeoutMs: number }): FastifyInstance {
  const timeoutMs = options.requestTimeoutMs;
  const app = Fastify({
    // A request must arrive whole within `timeoutMs` (REQUEST_TIMEOUT_SECONDS), its headers within at most 60 s,
    // or the connection is answered 408 and closed: Fastify leaves Node's request timeout off, and a client
    // trickling a body a byte at a time would hold its connection for ever. Node looks at its connections every
    // `connectionsCheckingInterval`; a socket upgraded to a WebSocket is no longer a request and is not checked.
    requestTimeout: timeoutMs,
    http: {
      headersTimeout: Math.min(60_000, timeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.round(timeoutMs / 4))),
    },
    clientErrorHandler: (error, socket) => answerClientError(error, socket),
    // A path that is not a valid URL component (`%ZZ`, `%C0`) is refused before routing: in the API's error body.
    frameworkErrors: (_error, _request, reply) =>
      (reply as FastifyReply)
        .code(400)
        .send(
          errorBody(400, 'invalid_request', 'The request path is not a valid URL (a bad percent-escape)'),
        ),
    loggerInstance: options.logger,
    // Fastify's two lines per request are replaced by the single line of the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    bodyLimit: 256 * 1024,
    trustProxy: false,
  });
  namePluginsByTheirFunction(app);

  // Tests only (NODE_ENV=test, GATEWAY_CRASH_MODE=park): a request may name where it dies (platform/faults.ts).
  const crashPoints = requestCrashPointsHook();
  if (crashPoints) app.addHook('onRequest', crashPoints);

  // The API speaks JSON only: any other body is a 415 (hosted pages add form bodies in their own scope).
  app.removeContentTypeParser('text/plain');
  // An empty body sent as `application/json` is no body, as without the header: HTTP clients (the merchants'
  // ginger-php and ginger-python among them) send the JSON content type on every request, and a void, whose
  // body the spec says is none, was refused 400 for it. A route that needs a body still refuses its absence.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (BLANK.test(text)) return done(null, undefined);
    return parseJson(request, text, done);
  });

  // Hooks that never wait are plain functions calling `done`: every request passes through them, and an async
  // hook costs a promise and a turn of the microtask queue each time.
  // `request.routeOptions` builds a dozen-field object at every read: the pattern is read once, here.
  app.decorateRequest('routePattern', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    request.routePattern = request.routeOptions.url;
    reply.header('x-request-id', request.id);
    done();
  });

  // Checked once the body is parsed and before anything walks it (idempotency, GraphQL, the routes): absurd
  // nesting is a 400 here rather than a stack overflow further on. Strings are checked by each command's
  // parse, where the problem can be named in the face's own field names (GraphQL userErrors).
  app.addHook('preValidation', (request, _reply, done) => {
    if (typeof request.body === 'object' && request.body !== null) {
      if (jsonDepth(request.body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) return done(bodyTooDeep());
    }
    done();
  });

  // One log line per request; bodies and headers are never logged. The request's logger carries its reqId.
  app.addHook('onResponse', (request, reply, done) => {
    // The line's fields are not even gathered when the level leaves it out (the bench runs at `warn`).
    // (A route's own `logLevel` applies: the request's logger is the pino child of `options.logger`.)
    if (!(request.log as Logger).isLevelEnabled('info')) return done();
    request.log.info(
      {
        method: request.method,
        route: request.routePattern ?? 'unmatched',
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });

  app.setNotFoundHandler((request, reply) => {
    sendNoRouteMatched(request, reply);
  });

  // The handler sends and returns nothing: a returned reply is a thenable Fastify would wait on, listening for
  // the end of the response (a cost on every 401 and 404).
  app.setErrorHandler((error, request, reply) => {
    if (isDomainError(error)) {
      sendDomainError(reply, error);
      return;
    }
    const mapped = frameworkErrorBody(error as { statusCode?: number; code?: string; message?: string });
    if (mapped) {
      reply.code(mapped.error.status).send(mapped);
      return;
    }
    if (isDatabaseOutage(error)) {
      sendOutage(request.routePattern === '/graphql', reply);
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      return;
    }
    request.log.error({ err: error }, 'unhandled error');
    reply.code(500).send(errorBody(500, 'internal_error', 'Something went wrong on our side'));
  });

  // Fastify types the instance by its pino Logger; the rest of the code base uses the base type.
  return app as unknown as FastifyInstance;
}

/** How long a connection answered at the HTTP level is drained before it is closed for good. */
const LINGER_MS = 1000;

/**
 * Answers a connection whose request never became one (Node's `clientError`) and closes it: the answer, then
 * a FIN, then whatever the client still sends is read and dropped for `LINGER_MS` before the socket goes. Closing
 * at once with the client's bytes unread makes the kernel reset the connection, and a reset can reach the client
 * before it has read the answer (a slow client is still sending when its 408 goes out).
 */
function answerClientError(error: Error, socket: Duplex): void {
  const code = (error as NodeJS.ErrnoException).code;
  // A connection the client reset has nothing left to answer.
  if (code === 'ECONNRESET' || socket.destroyed) return;
  // No more parsing: what still arrives is drained, not taken for another request (or another error).
  socket.removeAllListeners('data');
  socket.on('error', () => undefined);
  if (socket.writable) socket.end(clientErrorResponse(code));
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

const FASTIFY_DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Gives each plugin registered on the server (or in any of its scopes) Fastify's display name, its function's
 * name, the name Fastify ends up with anyway for our plugins. Without it Fastify first scans `require.cache` for
 * the plugin's module, twice per registration: nothing in plain Node, but under jest the cache is the test
 * file's whole module registry (about 2,300 modules), some 45 ms a scan and 1–2 s of every test app's start.
 */
function namePluginsByTheirFunction(app: { register: unknown }): void {
  const register = app.register as (this: unknown, plugin: unknown, options?: unknown) => unknown;
  app.register = function registerNamed(this: unknown, plugin: unknown, options?: unknown) {
    if (
      typeof plugin === 'function' &&
      plugin.name &&
      Object.isExtensible(plugin) &&
      !(FASTIFY_DISPLAY_NAME in plugin)
    ) {
      Object.defineProperty(plugin, FASTIFY_DISPLAY_NAME, { value: plugin.name });
    }
    return register.call(this, plugin, options);
  };
}

/**
 * A database outage is neither our bug nor the caller's: 503 with `Retry-After`, never the driver's message or
 * the database's address. GraphQL over HTTP gets the same status with a GraphQL-shaped body.
 */
function sendOutage(graphql: boolean, reply: FastifyReply): void {
  reply.code(503).header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
  if (graphql) {
    reply.send({ errors: [{ message: OUTAGE_MESSAGE_TEXT, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
    return;
  }
  reply.send(errorBody(503, 'service_unavailable', OUTAGE_MESSAGE_TEXT));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The matched route's pattern (`/v1/orders/:orderId/`), read once per request; undefined when none matched. */
    routePattern: string | undefined;
  }
}
