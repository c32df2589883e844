import { Repository } from '../../platform/db/repository.ts';
import { isUuidText } from '../../platform/validation/uuid.ts';
import { Merchant, Project } from './project.entity.ts';

export class ProjectRepository extends Repository {
  findProject(projectId: string): Promise<Project | null> {
    // An id that is not a uuid names no project (and would be a type error in PostgreSQL).
    if (!isUuidText(projectId)) return Promise.resolve(null);
    return this.em.findOne(Project, { id: projectId });
  }

  findMerchant(merchantId: string): Promise<Merchant | null> {
    return this.em.findOne(Merchant, { id: merchantId });
  }

  findFirstTestProject(): Promise<Project | null> {
    return this.em.findOne(Project, { mode: 'test' }, { orderBy: { createdAt: 'asc' } });
  }

  add(...entities: (Merchant | Project)[]): void {
    for (const entity of entities) this.em.persist(entity);
  }
}
