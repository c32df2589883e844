import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { refuseWebhookUrl } from '../../../platform/security/outbound-targets.ts';
import { ApiKey } from '../../identity/api-key.entity.ts';
import type { ProjectDeps } from '../deps.ts';
import { Merchant, Project, type ProjectMode } from '../project.entity.ts';
import { ProjectRepository } from '../project.repository.ts';
import { webhookUrlSchema } from '../project-input.ts';

const inputSchema = z.object({
  name: z.string().trim().min(1).max(120),
  mode: z.enum(['test', 'live']),
  merchantName: z.string().trim().min(1).max(120).optional(),
  webhookUrl: webhookUrlSchema.nullish(),
});

export interface CreatedProject {
  projectId: string;
  merchantId: string;
  mode: ProjectMode;
  /** Shown once; only its hash is stored. */
  apiKey: string;
}

export async function createProject(
  deps: ProjectDeps,
  input: z.input<typeof inputSchema>,
): Promise<CreatedProject> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(issue.path.join('.') || null, issue.message);
  }
  const { name, mode, merchantName, webhookUrl } = parsed.data;
  const webhookProblem = webhookUrl
    ? refuseWebhookUrl(webhookUrl, {
        projectMode: mode,
        allowPrivateTargets: deps.config.webhooks.allowPrivateTargets,
      })
    : null;
  if (webhookProblem) throw invalid('webhookUrl', webhookProblem);
  return deps.db.transaction(async (uow) => {
    const projects = new ProjectRepository(uow);
    const merchant = Object.assign(new Merchant(), { id: randomUUID(), name: merchantName ?? name });
    const project = Object.assign(new Project(), {
      id: randomUUID(),
      merchantId: merchant.id,
      name,
      mode,
      webhookUrl: webhookUrl ?? null,
      paymentMethods: [...deps.paymentMethods.ids],
    });
    const { key, secret } = ApiKey.issue(project.id, mode, { label: 'default', at: new Date() });
    projects.add(merchant, project, key);
    return { projectId: project.id, merchantId: merchant.id, mode, apiKey: secret };
  });
}
