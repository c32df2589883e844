import { Repository } from '../../platform/db/repository.ts';
import { isUuid } from '../orders/order.repository.ts';
import { ApiKey, Merchant, Project, type ProjectMode } from './project.entity.ts';

export interface CallerRow {
  key_id: string;
  project_id: string;
  merchant_id: string;
  mode: ProjectMode;
  payment_methods: string[];
  merchant_name: string;
}

export class ProjectRepository extends Repository {
  findProject(projectId: string): Promise<Project | null> {
    // An id that is not a uuid names no project (and would be a type error in PostgreSQL).
    if (!isUuid(projectId)) return Promise.resolve(null);
    return this.em.findOne(Project, { id: projectId });
  }

  findMerchant(merchantId: string): Promise<Merchant | null> {
    return this.em.findOne(Merchant, { id: merchantId });
  }

  findActiveKeyByHash(keyHash: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKey, { keyHash, revokedAt: null });
  }

  /** The project behind an active key, with its merchant's name, in one round trip (every request pays it). */
  async findCallerByKeyHash(keyHash: string): Promise<CallerRow | null> {
    const rows = await this.em.getConnection().execute<CallerRow[]>(
      `select k.id as key_id, p.id as project_id, p.merchant_id, p.mode, p.payment_methods, coalesce(m.name, p.name) as merchant_name
         from api_keys k
         join projects p on p.id = k.project_id
         left join merchants m on m.id = p.merchant_id
        where k.key_hash = ? and k.revoked_at is null`,
      [keyHash],
    );
    return rows[0] ?? null;
  }

  findKeyByPrefix(projectId: string, prefix: string): Promise<ApiKey[]> {
    return this.em.find(ApiKey, { projectId, prefix });
  }

  findFirstTestProject(): Promise<Project | null> {
    return this.em.findOne(Project, { mode: 'test' }, { orderBy: { createdAt: 'asc' } });
  }

  add(...entities: (Merchant | Project | ApiKey)[]): void {
    for (const entity of entities) this.em.persist(entity);
  }
}
