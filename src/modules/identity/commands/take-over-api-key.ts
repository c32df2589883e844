import { notFound } from '../../../platform/errors/domain-error.ts';
import type { ApiKey, KeyUser } from '../api-key.entity.ts';
import { ApiKeyRepository } from '../api-key.repository.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { keyNotActive } from '../errors.ts';
import { lockMakerIn } from './lock-maker.ts';

/**
 * An admin takes a key of the project over: the admin becomes its owner, so removing the user who made it no
 * longer revokes it (removing the admin will). Its role stays (an admin's is at least any key's). The command line
 * gives keys no owner: `by` null makes the key the operator's.
 */
export async function takeOverApiKey(
  deps: IdentityAdminDeps,
  projectId: string | null,
  keyId: string,
  by: KeyUser | null,
): Promise<ApiKey> {
  return deps.db.transaction(async (uow) => {
    const key = await new ApiKeyRepository(uow).findForUpdate(projectId, keyId);
    if (!key) throw notFound('API key', 'id');
    if (!key.isActive(deps.now())) throw keyNotActive();
    await lockMakerIn(uow, key.projectId, by && { user: by });
    key.takeOver(by);
    return key;
  });
}
