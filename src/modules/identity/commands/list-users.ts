import type { IdentityAdminDeps } from '../deps.ts';
import type { MerchantUser } from '../user.entity.ts';
import { UserRepository } from '../user.repository.ts';

/** The project's merchant users, oldest first. */
export function listUsers(deps: Pick<IdentityAdminDeps, 'db'>, projectId: string): Promise<MerchantUser[]> {
  return deps.db.read((uow) => new UserRepository(uow).listInProject(projectId));
}
