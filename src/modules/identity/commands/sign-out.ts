import { changingCredentials } from '../credential-changes.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { hashSessionToken, isWellFormedSessionToken } from '../session-token.ts';
import { UserRepository } from '../user.repository.ts';

/**
 * Ends the session of a token (if it is open): refused at once in every process, its open WebSockets closed.
 * Returns the ended session's user, or null when there was nothing to end.
 */
export async function signOut(
  deps: IdentityAdminDeps,
  token: string,
): Promise<{ sessionId: string; userId: string; projectId: string } | null> {
  if (!isWellFormedSessionToken(token)) return null;
  return changingCredentials(deps, async (uow, announce) => {
    const session = await new UserRepository(uow).findOpenSession(hashSessionToken(token));
    if (!session) return null;
    session.endedAt = deps.now();
    await announce({ scope: 'session', id: session.id, revoked: true });
    return { sessionId: session.id, userId: session.userId, projectId: session.projectId };
  });
}
