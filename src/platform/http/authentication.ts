import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.ts';
import { DomainError, withoutStack } from '../errors/domain-error.ts';
import { apiKeyFromBasicAuth } from './basic-auth.ts';

/** Resolves an API key to its caller or throws the 401 domain error; the composition root provides it. */
export type ApiKeyAuthenticator = (apiKey: string, request: FastifyRequest) => Promise<Actor>;

/**
 * Resolves a merchant user's session from the request (its cookie, and the CSRF header a cookie needs):
 * null when the request carries no session cookie; throws the 401/403 domain error for a bad one.
 */
export type SessionAuthenticator = (request: FastifyRequest) => Promise<Actor | null>;

export interface Authenticators {
  apiKey: ApiKeyAuthenticator;
  session: SessionAuthenticator;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticators: Authenticators;
  }
}

const missing = () =>
  withoutStack(
    () =>
      new DomainError(
        'unauthorized',
        'unauthorized',
        'Authenticate with HTTP Basic auth: the API key as user name and an empty password',
      ),
  );

/** Installs the authenticators on the server; call once, before any route is registered. */
export function registerAuthentication(app: FastifyInstance, authenticators: Authenticators): void {
  app.decorate('authenticators', authenticators);
}

const resolved = new WeakMap<FastifyRequest, Promise<Actor>>();
const settled = new WeakMap<FastifyRequest, Actor>();

function memoised(request: FastifyRequest, resolve: () => Promise<Actor>): Promise<Actor> {
  let actor = resolved.get(request);
  if (!actor) {
    actor = resolve().then((value) => {
      settled.set(request, value);
      return value;
    });
    resolved.set(request, actor);
  }
  return actor;
}

/**
 * Resolves the calling project from the Authorization header (an API key: REST speaks only keys), or throws a
 * 401 domain error. Memoised per request: the idempotency hook, GraphQL and the route all ask once.
 */
export function requireActor(request: FastifyRequest): Promise<Actor> {
  return memoised(request, () => {
    const apiKey = apiKeyFromBasicAuth(request.headers.authorization);
    return apiKey ? request.server.authenticators.apiKey(apiKey, request) : Promise.reject(missing());
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

/** The request's caller once authentication succeeded (audit, rate limits); undefined before or without. */
export function authenticatedActor(request: FastifyRequest): Actor | undefined {
  return settled.get(request);
}
