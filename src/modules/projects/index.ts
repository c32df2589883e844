/**
 * The projects module's front door: what other modules may use of it. `npm run boundaries` refuses any other
 * import across modules; the module's own files never import it.
 */
export { getProject } from './commands/get-project.ts';
export type { ProjectDeps } from './deps.ts';
export { Merchant, Project, type ProjectMode } from './project.entity.ts';
export { ProjectRepository } from './project.repository.ts';
export { projectNameSchema, webhookUrlSchema } from './project-input.ts';
