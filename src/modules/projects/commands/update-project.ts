import { z } from 'zod';
import { invalid, notFound } from '../../../platform/errors/domain-error.ts';
import { refuseWebhookUrl } from '../../../platform/security/outbound-targets.ts';
import type { ProjectDeps } from '../deps.ts';
import type { Project } from '../project.entity.ts';
import { ProjectRepository } from '../project.repository.ts';
import { webhookUrlSchema } from '../project-input.ts';

const inputSchema = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
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
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(issue.path.join('.') || null, issue.message);
  }
  return deps.db.transaction(async (uow) => {
    const projects = new ProjectRepository(uow);
    const project = await projects.findProject(projectId);
    if (!project) throw notFound('Project');
    if (parsed.data.name !== undefined) project.name = parsed.data.name;
    if (parsed.data.webhookUrl) {
      const problem = refuseWebhookUrl(parsed.data.webhookUrl, {
        projectMode: project.mode,
        allowPrivateTargets: deps.config.webhooks.allowPrivateTargets,
      });
      if (problem) throw invalid('webhookUrl', problem);
    }
    if (parsed.data.webhookUrl !== undefined) project.webhookUrl = parsed.data.webhookUrl;
    return project;
  });
}
