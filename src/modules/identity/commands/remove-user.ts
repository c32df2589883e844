import { notFound } from '../../../platform/errors/domain-error.ts';
import { changingCredentials } from '../credential-changes.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { lastAdmin } from '../errors.ts';
import { UserRepository } from '../user.repository.ts';

/**
 * Removes a merchant user (with its sessions) from a project; its access ends at once in every process, open
 * WebSockets included. The last admin of a project cannot be removed. `projectId` null: any project (the CLI).
 */
export async function removeUser(
  deps: IdentityAdminDeps,
  projectId: string | null,
  userId: string,
): Promise<{ userId: string; email: string; projectId: string }> {
  return changingCredentials(deps, async (uow, announce) => {
    const users = new UserRepository(uow);
    const user = await users.findById(userId);
    if (!user || (projectId !== null && user.projectId !== projectId)) throw notFound('User', 'id');
    if (user.role === 'admin' && (await users.countAdmins(user.projectId)) <= 1) throw lastAdmin();
    users.remove(user);
    await announce({ scope: 'user', id: user.id, revoked: true });
    return { userId: user.id, email: user.email, projectId: user.projectId };
  });
}
