import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../../platform/errors/domain-error.ts';
import { apiKeyFromBasicAuth } from '../../../platform/http/basic-auth.ts';
import { type Actor, authenticateApiKey } from '../commands/authenticate-api-key.ts';

const missing = () =>
  new DomainError(
    'unauthorized',
    'unauthorized',
    'Authenticate with HTTP Basic auth: the API key as user name and an empty password',
  );

const resolved = new WeakMap<FastifyRequest, Promise<Actor>>();

/**
 * Resolves the calling project from the Authorization header, or throws a 401 domain error. Memoised per
 * request: the idempotency hook and the route both ask, the database is asked once.
 */
export function requireActor(request: FastifyRequest): Promise<Actor> {
  let actor = resolved.get(request);
  if (!actor) {
    const apiKey = apiKeyFromBasicAuth(request.headers.authorization);
    actor = apiKey ? authenticateApiKey(request.deps.db, apiKey) : Promise.reject(missing());
    resolved.set(request, actor);
  }
  return actor;
}
