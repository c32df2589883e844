import type { ProjectDeps } from '../deps.ts';
import type { Project } from '../project.entity.ts';
import { ProjectRepository } from '../project.repository.ts';

export function getProject(deps: Pick<ProjectDeps, 'db'>, projectId: string): Promise<Project | null> {
  return deps.db.read((uow) => new ProjectRepository(uow).findProject(projectId));
}
