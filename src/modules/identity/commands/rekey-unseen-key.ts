import { changingCredentials } from '../../../platform/auth/changing-credentials.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { ProjectRepository } from '../../projects/index.ts';
import type { ApiKey } from '../api-key.entity.ts';
import { ApiKeyRepository } from '../api-key.repository.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { keyNotActive } from '../errors.ts';

/**
 * The retry of a key's create or roll whose first attempt committed the key but died before its answer was
 * stored: nobody has seen that key's secret (an answer is stored before it is sent), and only its hash was kept.
 * The retry gives the same key a new secret and answers it, so the request made one key, not two, and no key
 * whose secret nobody knows stays active. A key revoked meanwhile stays revoked (`api_key_not_active`).
 */
export async function rekeyUnseenKey(
  deps: IdentityAdminDeps,
  projectId: string | null,
  keyId: string,
): Promise<{ key: ApiKey; secret: string }> {
  return changingCredentials(deps, async (uow, announce) => {
    const key = await new ApiKeyRepository(uow).findForUpdate(projectId, keyId);
    if (!key) throw notFound('API key', 'id');
    if (!key.isActive(deps.now())) throw keyNotActive();
    const project = await new ProjectRepository(uow).findProject(key.projectId);
    if (!project) throw notFound('Project');
    const secret = key.rekey(project.mode);
    await announce({ scope: 'api_key', id: key.id, revoked: false });
    return { key, secret };
  });
}
