import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.ts';
import { DomainError } from '../errors/domain-error.ts';
import { apiKeyFromBasicAuth } from './basic-auth.ts';

/** Resolves an API key to its caller or throws the 401 domain error; the composition root provides it. */
export type ApiKeyAuthenticator = (apiKey: string, request: FastifyRequest) => Promise<Actor>;

declare module 'fastify' {
  interface FastifyInstance {
    authenticateApiKey: ApiKeyAuthenticator;
  }
}

const missing = () =>
  new DomainError(
    'unauthorized',
    'unauthorized',
    'Authenticate with HTTP Basic auth: the API key as user name and an empty password',
  );

/** Installs the API key authenticator on the server; call once, before any route is registered. */
export function registerAuthentication(app: FastifyInstance, authenticate: ApiKeyAuthenticator): void {
  app.decorate('authenticateApiKey', authenticate);
}

const resolved = new WeakMap<FastifyRequest, Promise<Actor>>();

/**
 * Resolves the calling project from the Authorization header, or throws a 401 domain error. Memoised per
 * request: the idempotency hook, GraphQL and the route all ask, the database is asked once.
 */
export function requireActor(request: FastifyRequest): Promise<Actor> {
  let actor = resolved.get(request);
  if (!actor) {
    const apiKey = apiKeyFromBasicAuth(request.headers.authorization);
    actor = apiKey ? request.server.authenticateApiKey(apiKey, request) : Promise.reject(missing());
    resolved.set(request, actor);
  }
  return actor;
}
