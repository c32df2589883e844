import { z } from 'zod';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { isUuidText } from '../../../platform/validation/uuid.ts';
import { ProjectRepository } from '../../projects/index.ts';
import { ApiKey } from '../api-key.entity.ts';
import { ApiKeyRepository } from '../api-key.repository.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { type KeyMaker, keyRole } from '../key-roles.ts';

export const labelSchema = z.string().trim().min(1).max(100);

/**
 * A new key for the project (its mode decides `sk_test_` or `sk_live_`); the secret is returned once. Its role is
 * the one asked for, by default its maker's, never above it; its maker owns it (removing that user revokes it).
 * `maker` null: the command line, whose keys are admin keys unless it asks for less, and belong to no user.
 */
export async function createApiKey(
  deps: IdentityAdminDeps,
  projectId: string,
  input: { label: string; role?: string | null; maker: KeyMaker | null },
): Promise<{ key: ApiKey; secret: string }> {
  const label = parseOrThrow(z.object({ label: labelSchema }), { label: input.label }).label;
  const role = keyRole(input.role, input.maker?.role ?? 'admin', input.maker);
  return deps.db.transaction(async (uow) => {
    const project = isUuidText(projectId) ? await new ProjectRepository(uow).findProject(projectId) : null;
    if (!project) throw notFound('Project', 'project');
    const issued = ApiKey.issue(project.id, project.mode, {
      label,
      role,
      creator: input.maker?.user ?? null,
      at: deps.now(),
    });
    new ApiKeyRepository(uow).add(issued.key);
    return issued;
  });
}
