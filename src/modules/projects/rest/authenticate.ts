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

/** Resolves the calling project from the Authorization header, or throws a 401 domain error. */
export async function requireActor(request: FastifyRequest): Promise<Actor> {
  const apiKey = apiKeyFromBasicAuth(request.headers.authorization);
  if (!apiKey) throw missing();
  return authenticateApiKey(request.deps.db, apiKey);
}
