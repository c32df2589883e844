import type { Actor } from '../../../platform/auth/actor.ts';
import type { IdentityDeps } from '../deps.ts';
import { hashSessionToken, isWellFormedSessionToken } from '../session-token.ts';

/** The actor of a session token while its session is open, within its lifetime and not idle; else null. */
export async function authenticateSession(
  deps: Pick<IdentityDeps, 'credentials'>,
  token: string,
): Promise<Actor | null> {
  if (!isWellFormedSessionToken(token)) return null;
  return deps.credentials.session(hashSessionToken(token));
}
