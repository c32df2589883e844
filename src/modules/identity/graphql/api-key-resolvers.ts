import type { Resolvers, Role } from '../../../generated/graphql.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { createApiKey } from '../commands/create-api-key.ts';
import { listApiKeys } from '../commands/list-api-keys.ts';
import { revokeApiKey } from '../commands/revoke-api-key.ts';
import { rollApiKey } from '../commands/roll-api-key.ts';
import { takeOverApiKey } from '../commands/take-over-api-key.ts';
import { keyMakerOf } from '../key-roles.ts';

/** The API key lifecycle for dashboards. Who may use it is the SDL's `@requires`, enforced centrally. */
export const apiKeyResolvers: Resolvers = {
  Query: {
    apiKeys: (_parent, _args, { deps, actor }) => listApiKeys(deps, actor.projectId),
  },
  Mutation: {
    createApiKey: (_parent, { label, role }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const { key, secret } = await createApiKey(deps, actor.projectId, {
            label,
            role: role?.toLowerCase(),
            maker: keyMakerOf(actor),
          });
          return { apiKey: key, secret };
        },
        { apiKey: null, secret: null },
      ),
    rollApiKey: (_parent, { id, overlap, role }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const rolled = await rollApiKey(deps, actor.projectId, {
            keyId: id,
            overlap,
            role: role?.toLowerCase(),
            maker: keyMakerOf(actor),
          });
          return { apiKey: rolled.key, secret: rolled.secret, previousKey: rolled.previous };
        },
        { apiKey: null, secret: null, previousKey: null },
      ),
    revokeApiKey: (_parent, { id }, { deps, actor }) =>
      mutationPayload(async () => ({ apiKey: await revokeApiKey(deps, actor.projectId, id) }), {
        apiKey: null,
      }),
    takeOverApiKey: (_parent, { id }, { deps, actor }) =>
      mutationPayload(
        async () => ({
          apiKey: await takeOverApiKey(deps, actor.projectId, id, keyMakerOf(actor)?.user ?? null),
        }),
        { apiKey: null },
      ),
  },
  ApiKey: {
    id: (key) => key.id,
    label: (key) => key.label ?? null,
    prefix: (key) => key.prefix,
    created: (key) => key.createdAt,
    lastUsed: (key) => key.lastUsedAt ?? null,
    expires: (key) => key.expiresAt ?? null,
    revoked: (key) => key.revokedAt ?? null,
    active: (key, _args, { deps }) => key.isActive(deps.now()),
    role: (key) => toGraphQLEnum<Role>(key.role),
    createdBy: (key) =>
      key.createdByUserId ? { id: key.createdByUserId, email: key.createdByEmail ?? '' } : null,
    owner: (key) => key.owner(),
  },
};
