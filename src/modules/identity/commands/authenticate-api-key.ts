import type { Actor } from '../../../platform/auth/actor.ts';
import { hashApiKey, isWellFormedApiKey } from '../api-key.ts';
import type { IdentityDeps } from '../deps.ts';
import { apiKeyRefused } from '../errors.ts';

/**
 * Resolves an API key to its caller; unknown, malformed, expired and revoked keys are refused alike. Through
 * the credential cache: a repeated key, known or not, costs no database statement. `keyHash` is `hashApiKey(apiKey)`,
 * passed in when the caller has it already (the HTTP face works it out once per request).
 */
export async function authenticateApiKey(
  deps: Pick<IdentityDeps, 'credentials'>,
  apiKey: string,
  keyHash?: string,
): Promise<Actor> {
  if (!isWellFormedApiKey(apiKey)) throw apiKeyRefused();
  const actor = await deps.credentials.apiKey(keyHash ?? hashApiKey(apiKey));
  if (!actor) throw apiKeyRefused();
  return actor;
}
