import { z } from 'zod';
import { invalid, notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { refuseWebhookUrl } from '../../../platform/security/outbound-targets.ts';
import type { ProjectDeps } from '../deps.ts';
import type { Project } from '../project.entity.ts';
import { ProjectRepository } from '../project.repository.ts';
import { projectNameSchema, webhookUrlSchema } from '../project-input.ts';

const inputSchema = z
  .object({
    name: projectNameSchema.optional(),
    webhookUrl: webhookUrlSchema.nullable().optional(),
  })
  .strict();

export type UpdateProjectInput = z.input<typeof inputSchema>;

/** Updates a project's settings; `webhookUrl: null` removes the project-wide webhook. */
export async function updateProject(
  deps: Pick<ProjectDeps, 'db' | 'config'>,
  projectId: string,
  input: UpdateProjectInput,
): Promise<Project> {
  const data = parseOrThrow(inputSchema, input);
  return deps.db.transaction(async (uow) => {
    const projects = new ProjectRepository(uow);
    const project = await projects.findProject(projectId);
    if (!project) throw notFound('Project');
    if (data.name !== undefined) project.name = data.name;
    if (data.webhookUrl) {
      const problem = refuseWebhookUrl(data.webhookUrl, {
        projectMode: project.mode,
        allowPrivateTargets: deps.config.webhooks.allowPrivateTargets,
      });
      if (problem) throw invalid('webhookUrl', problem);
    }
    if (data.webhookUrl !== undefined) project.webhookUrl = data.webhookUrl;
    return project;
  });
}
