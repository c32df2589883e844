import type { ApiKey } from '../api-key.entity.ts';
import { ApiKeyRepository } from '../api-key.repository.ts';
import type { IdentityAdminDeps } from '../deps.ts';

/** The project's keys, newest first, revoked and expired ones included. */
export function listApiKeys(deps: Pick<IdentityAdminDeps, 'db'>, projectId: string): Promise<ApiKey[]> {
  return deps.db.read((uow) => new ApiKeyRepository(uow).listInProject(projectId));
}
