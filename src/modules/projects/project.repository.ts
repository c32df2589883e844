import { preparedStatement } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';
import { ApiKey, Merchant, Project, type ProjectMode } from './project.entity.ts';

export interface CallerRow {
  key_id: string;
  project_id: string;
  merchant_id: string;
  mode: ProjectMode;
  payment_methods: string[];
  merchant_name: string;
}

const CALLER_BY_KEY_HASH = preparedStatement(
  'projects.caller_by_key_hash',
  `select k.id::text as key_id, p.id::text as project_id, p.merchant_id::text as merchant_id, p.mode,
          p.payment_methods, coalesce(m.name, p.name) as merchant_name
     from api_keys k
     join projects p on p.id = k.project_id
     left join merchants m on m.id = p.merchant_id
    where k.key_hash = $1 and k.revoked_at is null`,
);

export class ProjectRepository extends Repository {
  findProject(projectId: string): Promise<Project | null> {
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
    const [row] = await this.prepared<CallerRow>(CALLER_BY_KEY_HASH, [keyHash]);
    return row ?? null;
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
