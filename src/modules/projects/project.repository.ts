import type { EntityManager } from '../../platform/db/orm.ts';
import { ApiKey, Merchant, Project } from './project.entity.ts';

export class ProjectRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  findProject(projectId: string): Promise<Project | null> {
    return this.#em.findOne(Project, { id: projectId });
  }

  findMerchant(merchantId: string): Promise<Merchant | null> {
    return this.#em.findOne(Merchant, { id: merchantId });
  }

  findActiveKeyByHash(keyHash: string): Promise<ApiKey | null> {
    return this.#em.findOne(ApiKey, { keyHash, revokedAt: null });
  }

  findKeyByPrefix(projectId: string, prefix: string): Promise<ApiKey[]> {
    return this.#em.find(ApiKey, { projectId, prefix });
  }

  findFirstTestProject(): Promise<Project | null> {
    return this.#em.findOne(Project, { mode: 'test' }, { orderBy: { createdAt: 'asc' } });
  }

  add(...entities: (Merchant | Project | ApiKey)[]): void {
    for (const entity of entities) this.#em.persist(entity);
  }
}
