import type { Db } from '../../../platform/db/orm.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { ProjectRepository } from '../project.repository.ts';

/** Revokes a project's key by its visible prefix; later calls with it are answered 401. */
export async function revokeApiKey(db: Db, projectId: string, prefix: string): Promise<number> {
  return db.transaction(async (em) => {
    const keys = await new ProjectRepository(em).findKeyByPrefix(projectId, prefix);
    const active = keys.filter((key) => key.revokedAt === null);
    if (active.length === 0) throw notFound('API key');
    for (const key of active) key.revokedAt = new Date();
    return active.length;
  });
}
