import { changingCredentials } from '../../../platform/auth/changing-credentials.ts';
import type { UnitOfWork } from '../../../platform/db/db.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { hashSessionToken, isWellFormedSessionToken } from '../session-token.ts';
import { UserRepository } from '../user.repository.ts';

export interface EndedSession {
  sessionId: string;
  userId: string;
  projectId: string;
}

/**
 * Ends the session of a token (if it is open): refused at once in every process, its open WebSockets closed.
 * Returns the ended session's user, or null when there was nothing to end.
 */
export async function signOut(
  deps: IdentityAdminDeps,
  token: string,
  options: { recordIn?: (uow: UnitOfWork, ended: EndedSession) => Promise<void> } = {},
): Promise<EndedSession | null> {
  if (!isWellFormedSessionToken(token)) return null;
  return changingCredentials(deps, async (uow, announce) => {
    const session = await new UserRepository(uow).findOpenSession(hashSessionToken(token));
    if (!session) return null;
    session.endedAt = deps.now();
    await announce({ scope: 'session', id: session.id, revoked: true });
    const ended = { sessionId: session.id, userId: session.userId, projectId: session.projectId };
    // The audit entry commits with the sign-out, or not at all.
    await options.recordIn?.(uow, ended);
    return ended;
  });
}
