import type { Db } from '../../../platform/db/orm.ts';
import type { Project } from '../project.entity.ts';
import { ProjectRepository } from '../project.repository.ts';

export function getProject(db: Db, projectId: string): Promise<Project | null> {
  return db.read((em) => new ProjectRepository(em).findProject(projectId));
}
