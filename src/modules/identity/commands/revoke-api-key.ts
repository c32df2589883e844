import { changingCredentials } from '../../../platform/auth/changing-credentials.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import type { ApiKey } from '../api-key.entity.ts';
import { ApiKeyRepository } from '../api-key.repository.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { keyNotActive } from '../errors.ts';

/**
 * Revokes a key of the project: refused at once in every server process (the change is announced in the same
 * transaction), its open WebSockets closed with 4403. `projectId` null: any project (the CLI).
 */
export async function revokeApiKey(
  deps: IdentityAdminDeps,
  projectId: string | null,
  keyId: string,
): Promise<ApiKey> {
  return changingCredentials(deps, async (uow, announce) => {
    const key = await new ApiKeyRepository(uow).findForUpdate(projectId, keyId);
    if (!key) throw notFound('API key', 'id');
    const now = deps.now();
    if (!key.isActive(now)) throw keyNotActive();
    key.revokedAt = now;
    await announce({ scope: 'api_key', id: key.id, revoked: true });
    return key;
  });
}
