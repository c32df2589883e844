import { LockMode } from '@mikro-orm/core';
import { Repository } from '../../platform/db/repository.ts';
import { isUuidText } from '../../platform/validation/uuid.ts';
import { ApiKey } from './api-key.entity.ts';

export class ApiKeyRepository extends Repository {
  /** A key of the project, locked for the change about to be made. `projectId` null: any project (the CLI). */
  findForUpdate(projectId: string | null, keyId: string): Promise<ApiKey | null> {
    if (!isUuidText(keyId)) return Promise.resolve(null);
    return this.em.findOne(
      ApiKey,
      { id: keyId, ...(projectId && { projectId }) },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
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
