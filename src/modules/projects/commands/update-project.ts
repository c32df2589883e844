import { z } from 'zod';
import {
  type CredentialAdminDeps,
  changingCredentials,
} from '../../../platform/auth/changing-credentials.ts';
import { invalid, notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { refuseWebhookUrl } from '../../../platform/security/outbound-targets.ts';
import type { ProjectDeps } from '../deps.ts';
import type { Project } from '../project.entity.ts';
import { ProjectRepository } from '../project.repository.ts';
import { projectNameSchema, webhookUrlSchema } from '../project-input.ts';

function inputSchemaFor(methodIds: readonly string[]) {
  return z
    .object({
      name: projectNameSchema.optional(),
      webhookUrl: webhookUrlSchema.nullable().optional(),
      paymentMethods: z
        .array(z.enum(methodIds as [string, ...string[]]))
        .min(1, 'a project needs at least one active payment method')
        .refine((methods) => new Set(methods).size === methods.length, 'names a payment method twice')
        .optional(),
    })
    .strict();
}

export interface UpdateProjectInput {
  name?: string;
  webhookUrl?: string | null;
  /** The payment methods active in the project from now on (ids of the registry). */
  paymentMethods?: string[];
}

/**
 * Updates a project's settings; `webhookUrl: null` removes the project-wide webhook. The active payment
 * methods are kept in registry order. Every server process caches its callers' project (payment methods
 * included) with their credentials, so the change is announced as a credential change of the project in the
 * same transaction: each process forgets those actors when it commits, and order creation and the hosted page
 * follow the new methods at once.
 */
export async function updateProject(
  deps: Pick<ProjectDeps, 'db' | 'config' | 'paymentMethods'> & CredentialAdminDeps,
  projectId: string,
  input: UpdateProjectInput,
): Promise<Project> {
  const data = parseOrThrow(inputSchemaFor(deps.paymentMethods.ids), input);
  return changingCredentials(deps, async (uow, announce) => {
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
    if (data.paymentMethods) {
      const active = new Set(data.paymentMethods);
      project.paymentMethods = deps.paymentMethods.ids.filter((id) => active.has(id));
      // Project names are not part of an actor (merchant names are): only a change of methods is announced.
      await announce({ scope: 'project', id: project.id, revoked: false });
    }
    return project;
  });
}
