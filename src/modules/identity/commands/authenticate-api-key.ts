import type { Actor } from '../../../platform/auth/actor.ts';
import { hashApiKey, isWellFormedApiKey } from '../api-key.ts';
import type { IdentityDeps } from '../deps.ts';
import { apiKeyRefused } from '../errors.ts';

/**
 * Resolves an API key to its caller; unknown, malformed, expired and revoked keys are refused alike. Through
 * the credential cache: a repeated key, known or not, costs no database statement.
 */
export async function authenticateApiKey(
  deps: Pick<IdentityDeps, 'credentials'>,
  apiKey: string,
): Promise<Actor> {
  if (!isWellFormedApiKey(apiKey)) throw apiKeyRefused();
  const actor = await deps.credentials.apiKey(hashApiKey(apiKey));
  if (!actor) throw apiKeyRefused();
  return actor;
}
