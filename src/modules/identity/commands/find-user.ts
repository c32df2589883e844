import type { IdentityAdminDeps } from '../deps.ts';
import type { MerchantUser } from '../user.entity.ts';
import { UserRepository } from '../user.repository.ts';

/** A merchant user by e-mail address (any case), or null. */
export function findUserByEmail(
  deps: Pick<IdentityAdminDeps, 'db'>,
  email: string,
): Promise<MerchantUser | null> {
  return deps.db.read((uow) => new UserRepository(uow).findByEmail(email));
}

/** A user of the project, or null (another project's user answers like a missing one). */
export function findUser(
  deps: Pick<IdentityAdminDeps, 'db'>,
  projectId: string,
  userId: string,
): Promise<MerchantUser | null> {
  return deps.db.read((uow) => new UserRepository(uow).findInProject(projectId, userId));
}
