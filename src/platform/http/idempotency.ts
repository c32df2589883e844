import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import {
  idempotencyKeyInUse,
  idempotencyKeyReused,
  invalidIdempotencyKey,
} from '../errors/idempotency-errors.ts';
import { isGraphQLRoute } from '../graphql/paths.ts';
import { type IdempotentOperation, keyedOperation } from '../operations/idempotent-operation.ts';
import { domainErrorBody } from './error-body.ts';
import {
  type IdempotencyClaim,
  IdempotencyRepository,
  type StoredResponse,
} from './idempotency.repository.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  isValidIdempotencyKey,
  normalizePath,
  requestFingerprint,
} from './idempotency-fingerprint.ts';
import { type AnswerSeal, answerSeal, StoredAnswerSealError } from './stored-answer-seal.ts';

/**
 * Idempotent writes for every POST and PUT authenticated with an API key (REST, GraphQL, the vault face, the
 * order update): a client may send `Idempotency-Key` and retry safely. Applies to the whole HTTP exchange and knows no domain rule.
 *
 * - first request with a key: an `in_progress` row is committed, then the route runs; its response (status,
 *   content type, `Location`, exact body) is stored on the row before it leaves the server;
 * - same key, same request (method, path, query, canonical body): the stored response is replayed with
 *   `Idempotent-Replayed: true` and the route does not run;
 * - same key, different request: 422 `idempotency_key_reused`;
 * - same key while the first request still runs: 409 `idempotency_key_in_use`. "Runs" means its owner process
 *   is alive: a killed process's keys are free at once (operations/owner-lock.ts), and any claim older than
 *   `leaseMs` is presumed dead. From its takeover on the operation is the retry's: a request that outlived its
 *   lease cannot commit its phase any more (its recovery point finds the claim gone), and its failure or
 *   conflict is answered 409 `idempotency_key_in_use`;
 * - a failure that invites a retry (5xx, 409, 429, a GraphQL response with errors and no data, a streamed body)
 *   is not stored: the key is released and the retry runs at once. It resumes from the operation's recovery
 *   point (operations/idempotent-operation.ts) when a phase of the first attempt committed, and runs afresh
 *   otherwise; releasing needs no write that could fail with the database: an owner whose database is away has
 *   lost its owner lock, so the key is free all the same;
 * - the route's commands get the claim as `deps.operation` (`request.idempotentOperation`): ids derived from the
 *   key, and the recovery point of an earlier attempt;
 * - keys belong to the calling project (all its API keys share them) and are kept `retentionMs` (24 h);
 * - an answer that holds a credential shown once (`operation.sealAnswer()`, the SDL's `@shownOnce`) is stored
 *   sealed (stored-answer-seal.ts), bound to its caller (the user or API key), and opened for that caller's replay
 *   only: another caller of the project with the same key and body (a viewer key replaying an admin's new key)
 *   is answered 422 `idempotency_key_reused`, as a different request.
 *
 * Requests without the header, and requests without valid API key credentials (hosted pages, wallet B token
 * service, a bad key that the route will answer 401), are not touched.
 */

export interface IdempotencyOptions {
  /**
   * The calling project's id from the request's credentials, and the caller (the API key's or the user's id),
   * to which a sealed answer is bound (only its caller may replay it); null when there are none.
   */
  scopeOf: (request: FastifyRequest) => Promise<{ projectId: string; callerId: string } | null>;
  /** The HMAC key of request fingerprints (idempotency-secret.ts). */
  secret: Buffer;
  db: Db;
  now: () => Date;
  /** This process's owner id while it holds its owner lock (PgListener.ownerId), or null. */
  ownerId: () => number | null;
  retentionMs?: number;
  leaseMs?: number;
}

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * An unfinished request of a live process holds its key this long at most; after that it is presumed stuck. A
 * killed process's keys are free at once (its owner lock went with its connection).
 */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;
/** The methods a key applies to: the writes. (GET, HEAD, OPTIONS are safe; a key on them is ignored.) */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT']);

const reused = idempotencyKeyReused;
const inUse = idempotencyKeyInUse;
const badKey = invalidIdempotencyKey;

/** Adds the hooks to the root instance; call before any route or GraphQL is mounted. */
export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const retentionMs = options.retentionMs ?? IDEMPOTENCY_RETENTION_MS;
  const leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  /** Each claimed request's claim, and what a sealed answer of it is bound to (its project, key and caller). */
  const claims = new WeakMap<FastifyRequest, { claim: IdempotencyClaim; boundTo: string }>();
  const seal = answerSeal(options.secret);
  let lastPurge = 0;

  const { db, now: clock } = options;
  const withRepository = <T>(work: (keys: IdempotencyRepository) => Promise<T>) =>
    db.read((uow) => work(new IdempotencyRepository(uow)));

  // Each hook passes a request it has nothing to do for on at once, without a promise: reads never wait here.
  app.decorateRequest('idempotentOperation', null);
  app.addHook('preHandler', (request, reply, done) => {
    if (!IDEMPOTENT_METHODS.has(request.method) || request.headers[IDEMPOTENCY_KEY_HEADER] === undefined) {
      return done();
    }
    return claimOrReplay(request, reply);
  });

  async function claimOrReplay(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    const scope = await options.scopeOf(request).catch(() => null);
    if (!scope) return;
    const { projectId, callerId } = scope;
    if (typeof header !== 'string' || !isValidIdempotencyKey(header)) throw badKey();

    const now = clock();
    const boundTo = `${projectId}\n${header}\n${callerId}`;
    const outcome = await withRepository((keys) =>
      keys.claim({
        projectId,
        key: header,
        fingerprint: requestFingerprint(options.secret, request.method, request.url, request.body),
        method: request.method,
        path: normalizePath(request.url).path,
        now,
        retentionMs,
        leaseMs,
        ownerId: options.ownerId(),
      }),
    );
    switch (outcome.kind) {
      case 'claimed':
        claims.set(request, { claim: outcome.claim, boundTo });
        request.idempotentOperation = keyedOperation(outcome.claim);
        if (now.getTime() - lastPurge > PURGE_EVERY_MS) {
          lastPurge = now.getTime();
          void withRepository((keys) => keys.purgeExpired(now)).catch((error) =>
            request.log.warn({ err: error }, 'purging expired idempotency keys failed'),
          );
        }
        return;
      case 'replay':
        return replay(reply, outcome.response, seal, boundTo);
      case 'mismatch':
        throw reused();
      case 'in_flight':
        reply.header('retry-after', '1');
        throw inUse();
    }
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const claimed = claims.get(request);
    if (!claimed) return done(null, payload);
    claims.delete(request);
    return recordAnswer(request, reply, payload, claimed);
  });

  async function recordAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    { claim, boundTo }: { claim: IdempotencyClaim; boundTo: string },
  ) {
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    const isGraphQL = isGraphQLRoute(request.routePattern);
    // (A 503 is the database away: no read is tried then, and the claim is free all the same.)
    const failed = isGraphQL
      ? reply.statusCode !== 503 && body !== null && invitesRetry(reply.statusCode, body, true)
      : reply.statusCode === 500 || reply.statusCode === 409;
    if (failed && (await lostToRetry(claim))) {
      // The request ran past its lease and a retry took its key over: the operation is the retry's now. What
      // this request ran into (its recovery point refused, the retry's rows, the state the retry's payment left)
      // is that, not a fault nor a conflict of its own. GraphQL gets the answer a key in use gets at its claim.
      request.log.warn('the request outlived its Idempotency-Key lease; a retry took the key over');
      reply.code(409).header('retry-after', '1').header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify(domainErrorBody(inUse()));
    }
    try {
      if (body === null || invitesRetry(reply.statusCode, body, isGraphQL)) {
        await withRepository((keys) => keys.release(claim));
      } else {
        const contentType = reply.getHeader('content-type');
        const location = reply.getHeader('location');
        const response: StoredResponse = {
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          location: typeof location === 'string' ? location : null,
          body: request.idempotentOperation?.answerSealed ? seal.seal(body, boundTo) : body,
        };
        await withRepository((keys) => keys.complete(claim, response, clock()));
      }
    } catch (error) {
      // The answer must still reach the client. A key that could not be given back is free all the same once
      // the database is back (our owner lock went with it) or its lease ends; one that could not store its
      // answer resumes from its recovery point.
      request.log.warn({ err: error }, 'recording the idempotent response failed');
    }
    return payload;
  }

  /** Whether a retry has taken the claim over; false when that cannot be read (the database away). */
  function lostToRetry(claim: IdempotencyClaim): Promise<boolean> {
    return withRepository((keys) => keys.holds(claim)).then(
      (holds) => !holds,
      () => false,
    );
  }

  // A request that never reached onSend (the connection died before any reply) gives its key back.
  app.addHook('onResponse', (request, _reply, done) => {
    const claimed = claims.get(request);
    if (!claimed) return done();
    claims.delete(request);
    return withRepository((keys) => keys.release(claimed.claim)).catch((error) =>
      request.log.error({ err: error }, 'releasing an idempotency key failed'),
    );
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The money operation of a request with a claimed Idempotency-Key (`deps.operation`), or null. */
    idempotentOperation: IdempotentOperation | null;
  }
}

function replay(
  reply: FastifyReply,
  response: StoredResponse,
  seal: AnswerSeal,
  boundTo: string,
): FastifyReply {
  let body: string;
  try {
    body = seal.open(response.body, boundTo);
  } catch (error) {
    if (error instanceof StoredAnswerSealError) throw reused();
    throw error;
  }
  reply.code(response.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (response.contentType) reply.header('content-type', response.contentType);
  if (response.location) reply.header('location', response.location);
  return reply.send(body);
}

/** Outcomes that tell the client to try again are not stored: the retry must run. */
export function invitesRetry(status: number, body: string, isGraphQL: boolean): boolean {
  if (status >= 500 || status === 409 || status === 429) return true;
  if (!isGraphQL) return false;
  try {
    const parsed = JSON.parse(body) as { data?: unknown; errors?: unknown };
    return Array.isArray(parsed.errors) && parsed.errors.length > 0 && !parsed.data;
  } catch {
    return true;
  }
}
