import { z } from 'zod';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { refuseWebhookUrl } from '../../../platform/security/outbound-targets.ts';
import { isUuidText } from '../../../platform/validation/uuid.ts';
import type { ProjectDeps } from '../../projects/index.ts';
import {
  Merchant,
  Project,
  type ProjectMode,
  ProjectRepository,
  projectNameSchema,
  webhookUrlSchema,
} from '../../projects/index.ts';
import { ApiKey } from '../api-key.entity.ts';
import { ApiKeyRepository } from '../api-key.repository.ts';

const inputSchema = z.object({
  name: projectNameSchema,
  mode: z.enum(['test', 'live']),
  merchantName: projectNameSchema.optional(),
  /** An existing merchant: the new project joins it (a merchant's test and live projects share its id). */
  merchantId: z.string().refine(isUuidText, 'must be a merchant id (uuid)').optional(),
  webhookUrl: webhookUrlSchema.nullish(),
});

export interface CreatedProject {
  projectId: string;
  merchantId: string;
  mode: ProjectMode;
  /** Shown once; only its hash is stored. */
  apiKey: string;
}

/**
 * A new project (of a new or an existing merchant) with its first API key, an admin's: identity's, because a
 * project is only usable with a credential, and identity stands on projects (projects import nothing of it).
 */
export async function createProject(
  deps: ProjectDeps,
  input: z.input<typeof inputSchema>,
): Promise<CreatedProject> {
  const { name, mode, merchantName, merchantId, webhookUrl } = parseOrThrow(inputSchema, input);
  if (merchantId && merchantName) throw invalid('merchantName', 'an existing merchant keeps its name');
  const webhookProblem = webhookUrl
    ? refuseWebhookUrl(webhookUrl, {
        projectMode: mode,
        allowPrivateTargets: deps.config.webhooks.allowPrivateTargets,
      })
    : null;
  if (webhookProblem) throw invalid('webhookUrl', webhookProblem);
  return deps.db.transaction(async (uow) => {
    const projects = new ProjectRepository(uow);
    const existing = merchantId ? await projects.findMerchant(merchantId) : null;
    if (merchantId && !existing) throw invalid('merchantId', 'no merchant has this id');
    const merchant = existing ?? Merchant.create(merchantName ?? name);
    const project = Project.create({
      merchantId: merchant.id,
      name,
      mode,
      webhookUrl: webhookUrl ?? null,
      paymentMethods: [...deps.paymentMethods.ids],
    });
    const { key, secret } = ApiKey.issue(project.id, mode, {
      label: 'default',
      role: 'admin',
      creator: null,
      at: new Date(),
    });
    if (existing) projects.add(project);
    else projects.add(merchant, project);
    new ApiKeyRepository(uow).add(key);
    return { projectId: project.id, merchantId: merchant.id, mode, apiKey: secret };
  });
}
