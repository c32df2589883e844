import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { DomainError } from '../errors/domain-error.ts';
import { isGraphQLRoute } from '../graphql/paths.ts';
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

/**
 * Idempotent writes for every POST authenticated with an API key (REST, GraphQL, the vault face): a client may
 * send `Idempotency-Key` and retry safely. Applies to the whole HTTP exchange and knows no domain rule.
 *
 * - first request with a key: an `in_progress` row is committed, then the route runs; its response (status,
 *   content type, `Location`, exact body) is stored on the row before it leaves the server;
 * - same key, same request (method, path, query, canonical body): the stored response is replayed with
 *   `Idempotent-Replayed: true` and the route does not run;
 * - same key, different request: 422 `idempotency_key_reused`;
 * - same key while the first request still runs: 409 `idempotency_key_in_use`;
 * - a failure that invites a retry (5xx, 409, 429, a GraphQL response with errors and no data, a streamed body)
 *   is not stored: the key is released and the retry runs afresh;
 * - keys belong to the calling project (all its API keys share them) and are kept `retentionMs` (24 h).
 *
 * Requests without the header, and requests without valid API key credentials (hosted pages, wallet B token
 * service, a bad key that the route will answer 401), are not touched.
 */

export interface IdempotencyOptions {
  /** The calling project's id from the request's API key credentials, or null when there are none. */
  scopeOf: (request: FastifyRequest) => Promise<string | null>;
  /** The HMAC key of request fingerprints (idempotency-secret.ts). */
  secret: Buffer;
  db: Db;
  now: () => Date;
  retentionMs?: number;
  leaseMs?: number;
}

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** An unfinished request holds its key this long at most; after that its process is presumed dead. */
export const IDEMPOTENCY_LEASE_MS = 5 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;

const reused = () =>
  new DomainError(
    'unprocessable',
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different request; use a new key for a new request',
  );
const inUse = () =>
  new DomainError(
    'conflict',
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still being processed; retry after it has finished',
  );
const badKey = () =>
  new DomainError(
    'invalid_request',
    'invalid_idempotency_key',
    'Idempotency-Key must be 1 to 255 printable ASCII characters',
  );

/** Adds the hooks to the root instance; call before any route or GraphQL is mounted. */
export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const retentionMs = options.retentionMs ?? IDEMPOTENCY_RETENTION_MS;
  const leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  const claims = new WeakMap<FastifyRequest, IdempotencyClaim>();
  let lastPurge = 0;

  const { db, now: clock } = options;
  const withRepository = <T>(work: (keys: IdempotencyRepository) => Promise<T>) =>
    db.read((uow) => work(new IdempotencyRepository(uow)));

  // Each hook passes a request it has nothing to do for on at once, without a promise: reads never wait here.
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'POST' || request.headers[IDEMPOTENCY_KEY_HEADER] === undefined) return done();
    return claimOrReplay(request, reply);
  });

  async function claimOrReplay(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    const projectId = await options.scopeOf(request).catch(() => null);
    if (!projectId) return;
    if (typeof header !== 'string' || !isValidIdempotencyKey(header)) throw badKey();

    const now = clock();
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
      }),
    );
    switch (outcome.kind) {
      case 'claimed':
        claims.set(request, outcome.claim);
        if (now.getTime() - lastPurge > PURGE_EVERY_MS) {
          lastPurge = now.getTime();
          void withRepository((keys) => keys.purgeExpired(now)).catch((error) =>
            request.log.warn({ err: error }, 'purging expired idempotency keys failed'),
          );
        }
        return;
      case 'replay':
        return replay(reply, outcome.response);
      case 'mismatch':
        throw reused();
      case 'in_flight':
        throw inUse();
    }
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = claims.get(request);
    if (!claim) return done(null, payload);
    claims.delete(request);
    return recordAnswer(request, reply, payload, claim);
  });

  async function recordAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    claim: IdempotencyClaim,
  ) {
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    const isGraphQL = isGraphQLRoute(request.routePattern);
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
          body,
        };
        await withRepository((keys) => keys.complete(claim, response, clock()));
      }
    } catch (error) {
      // The work is done and its answer must still reach the client; the key unblocks when its lease ends.
      request.log.error({ err: error }, 'recording the idempotent response failed');
    }
    return payload;
  }

  // A request that never reached onSend (the connection died before any reply) gives its key back.
  app.addHook('onResponse', (request, _reply, done) => {
    const claim = claims.get(request);
    if (!claim) return done();
    claims.delete(request);
    return withRepository((keys) => keys.release(claim)).catch((error) =>
      request.log.error({ err: error }, 'releasing an idempotency key failed'),
    );
  });
}

function replay(reply: FastifyReply, response: StoredResponse): FastifyReply {
  reply.code(response.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (response.contentType) reply.header('content-type', response.contentType);
  if (response.location) reply.header('location', response.location);
  return reply.send(response.body);
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
