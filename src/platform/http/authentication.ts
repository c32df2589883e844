import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { LRUCache } from 'lru-cache';
import type { Actor } from '../auth/actor.ts';
import { credentialDigest } from '../auth/credential-digest.ts';
import { type Role, roleAtLeast } from '../auth/roles.ts';
import { boundedCache } from '../bounded-cache.ts';
import { DomainError, type RateLimitedError, withoutStack } from '../errors/domain-error.ts';
import { apiKeyFromBasicAuth } from './basic-auth.ts';
import { sendConstantDomainError } from './error-body.ts';
import { addRouteHooks } from './route-hooks.ts';

/** The API key of a request's HTTP Basic credentials, with its digest (what keys are stored and cached by). */
export interface ApiKeyCredential {
  apiKey: string;
  keyHash: string;
}

/** Resolves an API key to its caller or throws the 401 domain error; the composition root provides it. */
export type ApiKeyAuthenticator = (credential: ApiKeyCredential, request: FastifyRequest) => Promise<Actor>;

/**
 * The refusal of a key that is known without waiting for anything (a malformed key, or one the credential cache
 * remembers as unknown), else null, and then the `ApiKeyAuthenticator` decides. It refuses only what the
 * authenticator would refuse, with the same error object every time (its body is serialised once).
 */
export type ApiKeyRefusal = (credential: ApiKeyCredential) => DomainError | null;

/**
 * Resolves a merchant user's session from the request (its cookie, and the CSRF header a cookie needs):
 * null when the request carries no session cookie; throws the 401/403 domain error for a bad one.
 */
export type SessionAuthenticator = (request: FastifyRequest) => Promise<Actor | null>;

export interface Authenticators {
  apiKey: ApiKeyAuthenticator;
  apiKeyRefusedAtOnce: ApiKeyRefusal;
  session: SessionAuthenticator;
  /**
   * How long (and how many) refused Authorization headers are answered from memory, without decoding or hashing
   * them again: the credential cache's TTL and size (0: off, as the cache). The header of a refused key holds no
   * secret that works.
   */
  refusedHeaders: { ttlMs: number; size: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticators: Authenticators;
    /** Authorization headers refused at once lately → their refusal (`Authenticators.refusedHeaders`). */
    [kRefusedHeaders]: LRUCache<string, DomainError> | null;
  }
}

const kRefusedHeaders: unique symbol = Symbol('refused authorization headers');
/**
 * The longest header remembered: a key's Basic credentials are about 60 characters, so this holds any key's and
 * keeps a flood of distinct 16 KB headers from filling memory (those are refused by the pattern alone anyway).
 */
const REMEMBERED_HEADER_LENGTH = 128;

// One object: it carries nothing of the request (and has no stack trace).
const MISSING = withoutStack(
  () =>
    new DomainError(
      'unauthorized',
      'unauthorized',
      'Authenticate with HTTP Basic auth: the API key as user name and an empty password',
    ),
);
const missing = () => MISSING;

/**
 * Installs the authenticators on the server; call once, before any route is registered.
 *
 * Every route whose contract says `auth: 'api_key'` (each calls `requireActor` before anything else) gets a
 * preHandler that answers the 401 itself when the refusal is known at once: no credentials, a malformed key,
 * a key the cache remembers as unknown. The same status, headers and body as the route's own refusal, without
 * its promises, Fastify's error path or a serialisation (a flood of made-up keys is this path). Running after
 * body parsing and the other preHandlers, it changes no precedence between a 401 and any other answer.
 */
export function registerAuthentication(app: FastifyInstance, authenticators: Authenticators): void {
  app.decorate('authenticators', authenticators);
  const { ttlMs, size } = authenticators.refusedHeaders;
  app.decorate(
    kRefusedHeaders,
    ttlMs > 0 ? boundedCache<string, DomainError>({ entries: size, ttlMs }) : null,
  );
  app.decorateRequest(kCredential, undefined);
  app.decorateRequest(kResolved, undefined);
  app.decorateRequest(kSettled, undefined);
  addRouteHooks(app, (route) => route.config?.contract?.auth === 'api_key', {
    preHandler: refuseKnownBadKey,
  });
}

function refuseKnownBadKey(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const refusal = refusalAtOnce(request);
  // Answered here, `done` not called: the route handler does not run. The refusal is counted first.
  if (!refusal) done();
  else {
    const counted = request.server.countAuthFailure(request);
    if (counted) void counted.then(() => sendConstantDomainError(reply, refusal));
    else sendConstantDomainError(reply, refusal);
  }
}

/**
 * The refusal of the request's credentials known without waiting: a header refused lately is not decoded,
 * hashed and looked up again (a flood of one made-up key costs a map lookup per request).
 */
function refusalAtOnce(request: FastifyRequest): DomainError | null {
  const header = request.headers.authorization;
  const remembered = request.server[kRefusedHeaders];
  const rememberable = header !== undefined && header.length <= REMEMBERED_HEADER_LENGTH;
  const known = rememberable ? remembered?.get(header) : undefined;
  if (known) return known;
  const credential = apiKeyCredentialOf(request);
  if (!credential?.apiKey) return missing();
  const refusal = request.server.authenticators.apiKeyRefusedAtOnce(credential);
  if (refusal && rememberable) remembered?.set(header, refusal);
  return refusal;
}

// What one request worked out, kept on the request itself (a property each, no WeakMap to insert into).
const kCredential: unique symbol = Symbol('api key credential');
const kResolved: unique symbol = Symbol('actor promise');
const kSettled: unique symbol = Symbol('actor');
interface Worked {
  [kCredential]?: ApiKeyCredential | null;
  [kResolved]?: Promise<Actor>;
  [kSettled]?: Actor;
}
const worked = (request: FastifyRequest) => request as FastifyRequest & Worked;

/**
 * The API key of the request's Basic credentials with its digest, null without one; worked out once per request
 * (the rate limits count each key by its digest, authentication looks the key up by it).
 */
export function apiKeyCredentialOf(request: FastifyRequest): ApiKeyCredential | null {
  const memo = worked(request);
  let credential = memo[kCredential];
  if (credential === undefined) {
    const apiKey = apiKeyFromBasicAuth(request.headers.authorization);
    credential = apiKey === null ? null : { apiKey, keyHash: credentialDigest(apiKey) };
    memo[kCredential] = credential;
  }
  return credential;
}

/**
 * Resolves the caller once per request, then holds it to what the route needs: a REST route's role (a key acts
 * with its own role) and the credential's rate limit, whose bucket is chosen only now that the credential has been
 * checked (platform/http/rate-limits.ts).
 */
function memoised(request: FastifyRequest, resolve: () => Promise<Actor>): Promise<Actor> {
  const memo = worked(request);
  let actor = memo[kResolved];
  if (!actor) {
    actor = resolve().then(
      (value) => {
        const required = restRoleOf(request);
        if (required && !roleAtLeast(value.role, required)) throw forbidden(value.role, required);
        const limited = request.server.limitCredential(value);
        if (limited === null) return settle(memo, value);
        if (limited instanceof Promise) return limited.then((refusal) => settle(memo, value, refusal));
        throw limited;
      },
      (error: unknown) => {
        // A refused credential is counted against its address before the 401 goes out.
        const counted =
          error instanceof DomainError && error.kind === 'unauthorized'
            ? request.server.countAuthFailure(request)
            : null;
        if (!counted) throw error;
        return counted.then(() => {
          throw error;
        });
      },
    );
    memo[kResolved] = actor;
  }
  return actor;
}

function settle(memo: Worked, actor: Actor, refusal: RateLimitedError | null = null): Actor {
  if (refusal) throw refusal;
  memo[kSettled] = actor;
  return actor;
}

/**
 * The weakest role a REST route admits (its contract's `role`, else `viewer` to read and `developer` to write);
 * null for GraphQL, whose fields say it themselves (`@requires`).
 */
function restRoleOf(request: FastifyRequest): Role | null {
  const contract = (request.routeOptions.config as { contract?: { method: string; role?: Role } } | undefined)
    ?.contract;
  if (!contract) return null;
  return contract.role ?? (contract.method === 'GET' ? 'viewer' : 'developer');
}

function forbidden(role: Role, required: Role): DomainError {
  return withoutStack(
    () =>
      new DomainError(
        'forbidden',
        'forbidden',
        `Forbidden: this API key has the ${role} role; this needs ${required} or higher`,
      ),
  );
}

/**
 * Resolves the calling project from the Authorization header (an API key: REST speaks only keys), or throws a
 * 401 domain error. Memoised per request: the idempotency hook, GraphQL and the route all ask once.
 */
export function requireActor(request: FastifyRequest): Promise<Actor> {
  return memoised(request, () => {
    const credential = apiKeyCredentialOf(request);
    return credential?.apiKey
      ? request.server.authenticators.apiKey(credential, request)
      : Promise.reject(missing());
  });
}

/**
 * The caller of a GraphQL request over HTTP: an API key when an Authorization header is sent, else a merchant
 * user's session cookie (with its CSRF header), else a 401.
 */
export function requireApiKeyOrSession(request: FastifyRequest): Promise<Actor> {
  if (request.headers.authorization !== undefined) return requireActor(request);
  return memoised(request, async () => {
    const actor = await request.server.authenticators.session(request);
    if (!actor) throw missing();
    return actor;
  });
}

/**
 * The request's caller as of now, its credential asked again (the same authenticators, through the credential
 * cache that every revocation reaches at once; neither memoised nor rate limited: the request was admitted):
 * null once the credential stopped working (a key revoked or expired, a user removed, a session ended). For a
 * GraphQL document's later mutation fields, which the first may have left without a caller.
 */
export async function currentCaller(request: FastifyRequest): Promise<Actor | null> {
  const { authenticators } = request.server;
  try {
    if (request.headers.authorization !== undefined) {
      const credential = apiKeyCredentialOf(request);
      return credential?.apiKey ? await authenticators.apiKey(credential, request) : null;
    }
    return await authenticators.session(request);
  } catch (error) {
    if (error instanceof DomainError && (error.kind === 'unauthorized' || error.kind === 'forbidden')) {
      return null;
    }
    throw error;
  }
}

/** The request's caller once authentication succeeded (audit, rate limits); undefined before or without. */
export function authenticatedActor(request: FastifyRequest): Actor | undefined {
  return worked(request)[kSettled];
}
