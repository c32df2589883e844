import { z } from 'zod';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { operationOf } from '../../../platform/operations/idempotent-operation.ts';
import { isUuidText } from '../../../platform/validation/uuid.ts';
import { ProjectRepository } from '../../projects/index.ts';
import { ApiKey } from '../api-key.entity.ts';
import { ApiKeyRepository } from '../api-key.repository.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { type KeyMaker, keyRole } from '../key-roles.ts';
import { lockMakerIn } from './lock-maker.ts';
import { rekeyUnseenKey } from './rekey-unseen-key.ts';

export const labelSchema = z.string().trim().min(1).max(100);

/** The recovery point of a create under an Idempotency-Key: the key committed. */
const API_KEY_CREATED = 'api_key_created';

/**
 * A new key for the project (its mode decides `sk_test_` or `sk_live_`); the secret is returned once. Its role is
 * the one asked for, by default its maker's, never above it; its maker owns it (removing that user revokes it).
 * `maker` null: the command line, whose keys are admin keys unless it asks for less, and belong to no user.
 *
 * Under an Idempotency-Key it is a one-phase operation: the key's id comes from the Idempotency-Key and its
 * transaction records the recovery point, so the retry of a create whose answer died with its process gives
 * that key a new secret (rekey-unseen-key.ts) instead of making a second key.
 */
export async function createApiKey(
  deps: IdentityAdminDeps,
  projectId: string,
  input: { label: string; role?: string | null; maker: KeyMaker | null },
): Promise<{ key: ApiKey; secret: string }> {
  const label = parseOrThrow(z.object({ label: labelSchema }), { label: input.label }).label;
  const role = keyRole(input.role, input.maker?.role ?? 'admin', input.maker);
  const operation = operationOf(deps);
  if (operation.recovered?.point === API_KEY_CREATED) {
    return rekeyUnseenKey(deps, projectId, String(operation.recovered.data.keyId));
  }
  const created = await deps.db.transaction(async (uow) => {
    const project = isUuidText(projectId) ? await new ProjectRepository(uow).findProject(projectId) : null;
    if (!project) throw notFound('Project', 'project');
    await lockMakerIn(uow, project.id, input.maker);
    const issued = ApiKey.issue(project.id, project.mode, {
      label,
      role,
      creator: input.maker?.user ?? null,
      at: deps.now(),
      id: operation.idFor('api-key'),
    });
    new ApiKeyRepository(uow).add(issued.key);
    await operation.record(uow, API_KEY_CREATED, { keyId: issued.key.id });
    return issued;
  });
  await crashPoint('api-key.after-commit');
  return created;
}
