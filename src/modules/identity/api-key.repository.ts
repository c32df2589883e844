import { LockMode } from '@mikro-orm/core';
import { preparedRead, preparedStatement } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';
import { isUuidText } from '../../platform/validation/uuid.ts';
import { ApiKey } from './api-key.entity.ts';

const FIND_KEYS = preparedRead(
  'identity.find_api_keys',
  'select * from api_keys where project_id = $1::uuid and id = any($2::uuid[])',
);

const REVOKE_OWNED = preparedStatement(
  'identity.revoke_owned_keys',
  `update api_keys set revoked_at = $2
    where owner_user_id = $1 and revoked_at is null and (expires_at is null or expires_at > $2)
    returning id`,
);

export class ApiKeyRepository extends Repository {
  /** Revokes every working key `userId` owns; answers their ids. */
  async revokeOwnedBy(userId: string, at: Date): Promise<string[]> {
    const rows = await this.prepared<{ id: string }>(REVOKE_OWNED, [userId, at]);
    return rows.map((row) => row.id);
  }

  /** The project's keys among `keyIds` (lower-case uuids), in no particular order: one statement. */
  async findManyInProject(projectId: string, keyIds: readonly string[]): Promise<ApiKey[]> {
    const rows = await this.prepared<Record<string, unknown>>(FIND_KEYS, [projectId, keyIds]);
    return rows.map((row) => this.em.map(ApiKey, row));
  }

  /** A key of the project, locked for the change about to be made. `projectId` null: any project (the CLI). */
  findForUpdate(projectId: string | null, keyId: string): Promise<ApiKey | null> {
    if (!isUuidText(keyId)) return Promise.resolve(null);
    return this.em.findOne(
      ApiKey,
      { id: keyId, ...(projectId && { projectId }) },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
  }

  /** The key a roll of `keyId` made, if it was rolled (keys rolled before successors were recorded name none). */
  findSuccessor(keyId: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKey, { rolledFromId: keyId });
  }

  /** Whether `error` is the unique index refusing a second successor of one key (two rolls of it at once). */
  static isSecondSuccessor(error: unknown): boolean {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    return code === '23505' && constraint === 'api_keys_rolled_from_idx';
  }

  findInProject(projectId: string, keyId: string): Promise<ApiKey | null> {
    if (!isUuidText(keyId)) return Promise.resolve(null);
    return this.em.findOne(ApiKey, { id: keyId, projectId });
  }

  /** Newest first. */
  listInProject(projectId: string): Promise<ApiKey[]> {
    return this.em.find(ApiKey, { projectId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  add(key: ApiKey): void {
    this.em.persist(key);
  }
}
