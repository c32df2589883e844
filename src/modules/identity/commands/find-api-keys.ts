import { uuidsAmong } from '../../../platform/validation/uuid.ts';
import type { ApiKey } from '../api-key.entity.ts';
import { ApiKeyRepository } from '../api-key.repository.ts';
import type { IdentityAdminDeps } from '../deps.ts';

/**
 * The project's keys among `keyIds` (in no particular order; unknown, malformed and other projects' ids are left
 * out), revoked and expired ones included, as `apiKeys` lists them. One statement. Who may see keys at all is the
 * caller's concern (the SDL's `@requires` on `apiKeys`).
 */
export function findApiKeys(
  deps: Pick<IdentityAdminDeps, 'db'>,
  projectId: string,
  keyIds: readonly string[],
): Promise<ApiKey[]> {
  const ids = uuidsAmong(keyIds);
  if (ids.length === 0) return Promise.resolve([]);
  return deps.db.read((uow) => new ApiKeyRepository(uow).findManyInProject(projectId, ids));
}
