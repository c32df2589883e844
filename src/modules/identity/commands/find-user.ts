import { uuidsAmong } from '../../../platform/validation/uuid.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import type { MerchantUser } from '../user.entity.ts';
import { UserRepository } from '../user.repository.ts';

/** The oldest account of an e-mail address (any case) in any project, or null. */
export async function findUserByEmail(
  deps: Pick<IdentityAdminDeps, 'db'>,
  email: string,
): Promise<MerchantUser | null> {
  return (await deps.db.read((uow) => new UserRepository(uow).findAllByEmail(email)))[0] ?? null;
}

/** A user of the project, or null (another project's user answers like a missing one). */
export function findUser(
  deps: Pick<IdentityAdminDeps, 'db'>,
  projectId: string,
  userId: string,
): Promise<MerchantUser | null> {
  return deps.db.read((uow) => new UserRepository(uow).findInProject(projectId, userId));
}

/**
 * The project's users among `userIds` (in no particular order; unknown, malformed and other projects' ids are
 * left out). One statement. Who may see users at all is the caller's concern (the SDL's `@requires` on `users`).
 */
export function findUsers(
  deps: Pick<IdentityAdminDeps, 'db'>,
  projectId: string,
  userIds: readonly string[],
): Promise<MerchantUser[]> {
  const ids = uuidsAmong(userIds);
  if (ids.length === 0) return Promise.resolve([]);
  return deps.db.read((uow) => new UserRepository(uow).findManyInProject(projectId, ids));
}
