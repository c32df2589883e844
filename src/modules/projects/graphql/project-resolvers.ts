import type { PaymentMethod, ProjectMode, Resolvers } from '../../../generated/graphql.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { fromGraphQLEnum, toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { getProject } from '../commands/get-project.ts';
import { updateProject } from '../commands/update-project.ts';

export const projectResolvers: Resolvers = {
  Query: {
    project: async (_parent, _args, { deps, actor }) => {
      const project = await getProject(deps, actor.projectId);
      if (!project) throw notFound('Project');
      return project;
    },
  },
  Mutation: {
    updateProject: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => ({
          project: await updateProject(deps, actor.projectId, {
            ...(input.name !== undefined && { name: input.name ?? undefined }),
            ...(input.webhookUrl !== undefined && { webhookUrl: input.webhookUrl }),
            ...(input.paymentMethods != null && {
              paymentMethods: input.paymentMethods.map(fromGraphQLEnum),
            }),
          }),
        }),
        { project: null },
      ),
  },
  Project: {
    id: (project) => project.id,
    merchantId: (project) => project.merchantId,
    name: (project) => project.name,
    mode: (project) => toGraphQLEnum<ProjectMode>(project.mode),
    webhookUrl: (project) => project.webhookUrl ?? null,
    paymentMethods: (project) => project.paymentMethods.map((m) => toGraphQLEnum<PaymentMethod>(m)),
  },
};
