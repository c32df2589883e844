import { notFound } from '../../../platform/errors/domain-error.ts';
import type { ProjectDeps } from '../deps.ts';
import { ProjectRepository } from '../project.repository.ts';

/** Revokes a project's key by its visible prefix; later calls with it are answered 401. */
export async function revokeApiKey(
  deps: Pick<ProjectDeps, 'db'>,
  projectId: string,
  prefix: string,
): Promise<number> {
  return deps.db.transaction(async (uow) => {
    const keys = await new ProjectRepository(uow).findKeyByPrefix(projectId, prefix);
    const active = keys.filter((key) => key.revokedAt === null);
    if (active.length === 0) throw notFound('API key');
    for (const key of active) key.revokedAt = new Date();
    return active.length;
  });
}
