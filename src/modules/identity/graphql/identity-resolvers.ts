import type { PrincipalKind, Resolvers, Role } from '../../../generated/graphql.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { getProject } from '../../projects/index.ts';
import { changePassword } from '../commands/change-password.ts';
import { createUser } from '../commands/create-user.ts';
import { findUser } from '../commands/find-user.ts';
import { listUsers } from '../commands/list-users.ts';
import { createPasswordReset } from '../commands/password-reset.ts';
import { removeUser } from '../commands/remove-user.ts';

/** Who is calling, and the project's users. Roles are enforced by `@requires` in the SDL, not here. */
export const identityResolvers: Resolvers = {
  Query: {
    viewer: (_parent, _args, { actor }) => actor,
    users: (_parent, _args, { deps, actor }) => listUsers(deps, actor.projectId),
  },
  Mutation: {
    createUser: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const created = await createUser(deps, actor.projectId, {
            email: input.email,
            role: input.role.toLowerCase(),
          });
          return { user: created.user, password: created.password };
        },
        { user: null, password: null },
      ),
    changePassword: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const { principal } = actor;
          if (principal.kind !== 'user') throw notFound('User');
          await changePassword(deps, { userId: principal.userId, sessionId: principal.sessionId }, input);
          return { changed: true };
        },
        { changed: null },
        { fieldNames: { currentPassword: 'input.currentPassword', newPassword: 'input.newPassword' } },
      ),
    createPasswordReset: (_parent, { userId }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const by = actor.principal.kind === 'user' ? { userId: actor.principal.userId } : null;
          const link = await createPasswordReset(deps, actor.projectId, userId, by);
          return { url: link.url, expires: link.expires };
        },
        { url: null, expires: null },
        { fieldNames: { id: 'userId' } },
      ),
    removeUser: (_parent, { id }, { deps, actor }) =>
      mutationPayload(async () => ({ removedUserId: (await removeUser(deps, actor.projectId, id)).userId }), {
        removedUserId: null,
      }),
  },
  Viewer: {
    project: async (actor, _args, { deps }) => {
      const project = await getProject(deps, actor.projectId);
      if (!project) throw notFound('Project');
      return project;
    },
    role: (actor) => toGraphQLEnum<Role>(actor.role),
    principal: (actor) => toGraphQLEnum<PrincipalKind>(actor.principal.kind),
    user: (actor, _args, { deps }) =>
      actor.principal.kind === 'user' ? findUser(deps, actor.projectId, actor.principal.userId) : null,
    apiKeyPrefix: (actor) => (actor.principal.kind === 'api_key' ? actor.principal.prefix : null),
    expires: (actor) => actor.principal.expiresAt,
  },
  User: {
    id: (user) => user.id,
    email: (user) => user.email,
    role: (user) => toGraphQLEnum<Role>(user.role),
    created: (user) => user.createdAt,
  },
};
