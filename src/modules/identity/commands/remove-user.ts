import { changingCredentials } from '../../../platform/auth/changing-credentials.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { ApiKeyRepository } from '../api-key.repository.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { lastAdmin } from '../errors.ts';
import { UserRepository } from '../user.repository.ts';

/**
 * Removes a merchant user (with its sessions) from a project, and revokes the API keys it owns (the keys it made
 * that no admin took over); its access ends at once in every process, open WebSockets included. The last admin
 * of a project cannot be removed, under any concurrency: removals in a project take its users' lock first, so
 * two admins removing each other at once leave one. `projectId` null: any project (the CLI).
 */
export async function removeUser(
  deps: IdentityAdminDeps,
  projectId: string | null,
  userId: string,
): Promise<{ userId: string; email: string; projectId: string; revokedKeyIds: string[] }> {
  return changingCredentials(deps, async (uow, announce) => {
    const users = new UserRepository(uow);
    const lockedProject = projectId ?? (await users.findById(userId))?.projectId;
    if (!lockedProject) throw notFound('User', 'id');
    await users.lockUsersOf(lockedProject);
    const user = await users.findCurrent(userId);
    if (!user || user.projectId !== lockedProject) throw notFound('User', 'id');
    if (user.role === 'admin' && (await users.countAdmins(user.projectId)) <= 1) throw lastAdmin();
    users.remove(user);
    const revokedKeyIds = await new ApiKeyRepository(uow).revokeOwnedBy(user.id, deps.now());
    await announce({ scope: 'user', id: user.id, revoked: true });
    for (const keyId of revokedKeyIds) await announce({ scope: 'api_key', id: keyId, revoked: true });
    return { userId: user.id, email: user.email, projectId: user.projectId, revokedKeyIds };
  });
}
