import { changingCredentials } from '../../../platform/auth/changing-credentials.ts';
import { roleAtLeast } from '../../../platform/auth/roles.ts';
import { invalid, notFound } from '../../../platform/errors/domain-error.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { operationOf } from '../../../platform/operations/idempotent-operation.ts';
import { exactDurationMs } from '../../../platform/validation/duration.ts';
import { ProjectRepository } from '../../projects/index.ts';
import { ApiKey } from '../api-key.entity.ts';
import { ApiKeyRepository } from '../api-key.repository.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { keyAlreadyRolled, keyNotActive } from '../errors.ts';
import { type KeyMaker, keyRole, roleAboveMaker } from '../key-roles.ts';
import { lockMakerIn } from './lock-maker.ts';
import { rekeyUnseenKey } from './rekey-unseen-key.ts';

/** At most this long may a rolled key keep working beside its successor. */
export const MAX_OVERLAP_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_OVERLAP = 'PT1H';
/** The recovery point of a roll under an Idempotency-Key: the new key committed, the old one's end set. */
const API_KEY_ROLLED = 'api_key_rolled';

/** `PT0S`–`PT24H` in milliseconds, or a 400 naming the field. */
export function overlapMs(overlap: string | null | undefined): number {
  const ms = exactDurationMs(overlap ?? DEFAULT_OVERLAP, { allowZero: true });
  if (ms === null) throw invalid('overlap', 'must be an ISO 8601 duration such as PT1H');
  if (ms > MAX_OVERLAP_MS) throw invalid('overlap', 'must be at most PT24H');
  return ms;
}

/**
 * Replaces a key: a new key with the same label, and the old one ends after the overlap (at once for `PT0S`).
 * Every process learns the old key's end (cached actors are dropped; its sockets close when it ends). The new
 * key has the rolled key's role unless asked otherwise, never above its maker's, and a user may not roll a key
 * whose role is above theirs (its secret would be theirs). The maker owns the new key (from the CLI, the rolled
 * key's owner keeps it). `projectId` null: any project (the CLI).
 *
 * A key has at most one successor: a key rolled already (still working for its overlap) is refused with
 * `api_key_already_rolled`, naming its successor, which is the key to roll next. Rolling it again would leave
 * two live replacements of one key, neither of which the other's holder knows of; and rolling the successor in
 * its place would silently end the key the caller may have just deployed. Two rolls at once wait for each
 * other on the key's row lock, and the second finds the first's successor; the unique index on
 * `rolled_from_id` refuses a second successor under any race all the same.
 *
 * Under an Idempotency-Key it is a one-phase operation like a create (create-api-key.ts): the retry of a roll
 * whose answer died with its process gives the new key a new secret instead of rolling again.
 */
export async function rollApiKey(
  deps: IdentityAdminDeps,
  projectId: string | null,
  input: { keyId: string; overlap?: string | null; role?: string | null; maker: KeyMaker | null },
): Promise<{ key: ApiKey; secret: string; previous: ApiKey }> {
  const overlap = overlapMs(input.overlap);
  const { maker } = input;
  const operation = operationOf(deps);
  const recovered = operation.recovered?.point === API_KEY_ROLLED ? operation.recovered.data : null;
  if (recovered) {
    const { key, secret } = await rekeyUnseenKey(deps, projectId, String(recovered.keyId));
    const previous = await deps.db.read((uow) =>
      new ApiKeyRepository(uow).findInProject(key.projectId, String(recovered.previousId)),
    );
    if (!previous) throw notFound('API key', 'id');
    return { key, secret, previous };
  }
  const rolled = await changingCredentials(deps, async (uow, announce) => {
    const keys = new ApiKeyRepository(uow);
    const previous = await keys.findForUpdate(projectId, input.keyId);
    if (!previous) throw notFound('API key', 'id');
    const now = deps.now();
    if (!previous.isActive(now)) throw keyNotActive();
    if (maker && !roleAtLeast(maker.role, previous.role)) throw roleAboveMaker(maker.role, previous.role);
    const successor = await keys.findSuccessor(previous.id);
    if (successor) throw keyAlreadyRolled(successor.id);
    await lockMakerIn(uow, previous.projectId, maker);
    const role = keyRole(input.role, previous.role, maker);
    const project = await new ProjectRepository(uow).findProject(previous.projectId);
    if (!project) throw notFound('Project');
    const end = new Date(now.getTime() + overlap);
    previous.expiresAt = previous.expiresAt && previous.expiresAt < end ? previous.expiresAt : end;
    const issued = ApiKey.issue(project.id, project.mode, {
      label: previous.label,
      role,
      creator: maker?.user ?? null,
      ...(maker ? {} : { owner: previous.owner() }),
      at: now,
      id: operation.idFor('api-key'),
      rolledFrom: previous.id,
    });
    keys.add(issued.key);
    await operation.record(uow, API_KEY_ROLLED, { keyId: issued.key.id, previousId: previous.id });
    await announce({
      scope: 'api_key',
      id: previous.id,
      revoked: overlap === 0,
    });
    return { ...issued, previous };
  }).catch((error: unknown) => {
    throw ApiKeyRepository.isSecondSuccessor(error) ? keyAlreadyRolled(null) : error;
  });
  await crashPoint('api-key.after-commit');
  return rolled;
}
