import type { Actor } from '../../platform/auth/actor.ts';
import { authenticateSession } from './commands/authenticate-session.ts';
import type { IdentityDeps } from './deps.ts';
import { csrfTokenRefused, sessionRequired } from './errors.ts';
import { type SessionCookie, sessionTokenOf } from './session-cookie.ts';
import { csrfTokenMatches } from './session-token.ts';

/**
 * The merchant user behind a request's session cookie, for GraphQL over HTTP and graphql-ws. Null when there is
 * no session cookie at all; a cookie without the matching CSRF token (`x-csrf-token` header, or `csrfToken` in
 * the graphql-ws `connection_init` payload) is refused even when its session is valid, and so is a session that
 * ended, expired or idled out.
 */
export async function sessionActorOf(
  deps: Pick<IdentityDeps, 'credentials'>,
  cookie: SessionCookie,
  cookieHeader: string | undefined,
  csrfToken: unknown,
): Promise<{ actor: Actor; token: string } | null> {
  const token = sessionTokenOf(cookieHeader, cookie);
  if (!token) return null;
  if (!csrfTokenMatches(token, csrfToken)) throw csrfTokenRefused();
  const actor = await authenticateSession(deps, token);
  if (!actor) throw sessionRequired();
  return { actor, token };
}
