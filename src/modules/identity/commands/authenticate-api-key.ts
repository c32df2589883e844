import type { Actor } from '../../../platform/auth/actor.ts';
import type { DomainError } from '../../../platform/errors/domain-error.ts';
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
  const refusal = apiKeyRefusedAtOnce(deps, apiKey, keyHash);
  if (refusal) throw refusal;
  const actor = await deps.credentials.apiKey(keyHash ?? hashApiKey(apiKey));
  if (!actor) throw apiKeyRefused();
  return actor;
}

/**
 * The refusal `authenticateApiKey` would give without waiting for anything: a malformed key, or one the
 * credential cache remembers as unknown (the same error object each time); null when it has to look.
 */
export function apiKeyRefusedAtOnce(
  deps: Pick<IdentityDeps, 'credentials'>,
  apiKey: string,
  keyHash?: string,
): DomainError | null {
  if (!isWellFormedApiKey(apiKey)) return apiKeyRefused();
  return deps.credentials.remembersUnknownKey(keyHash ?? hashApiKey(apiKey)) ? apiKeyRefused() : null;
}
