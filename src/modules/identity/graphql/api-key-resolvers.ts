import type { Resolvers } from '../../../generated/graphql.ts';
import type { Actor } from '../../../platform/auth/actor.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { createApiKey } from '../commands/create-api-key.ts';
import { listApiKeys } from '../commands/list-api-keys.ts';
import { revokeApiKey } from '../commands/revoke-api-key.ts';
import { rollApiKey } from '../commands/roll-api-key.ts';

/** The user behind the request (key management is for signed-in users only: `@requires(principal: USER)`). */
const userIdOf = (actor: Actor) => (actor.principal.kind === 'user' ? actor.principal.userId : null);

/** The API key lifecycle for dashboards. Who may use it is the SDL's `@requires`, enforced centrally. */
export const apiKeyResolvers: Resolvers = {
  Query: {
    apiKeys: (_parent, _args, { deps, actor }) => listApiKeys(deps, actor.projectId),
  },
  Mutation: {
    createApiKey: (_parent, { label }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const { key, secret } = await createApiKey(deps, actor.projectId, {
            label,
            createdByUserId: userIdOf(actor),
          });
          return { apiKey: key, secret };
        },
        { apiKey: null, secret: null },
      ),
    rollApiKey: (_parent, { id, overlap }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const rolled = await rollApiKey(deps, actor.projectId, {
            keyId: id,
            overlap,
            createdByUserId: userIdOf(actor),
          });
          return { apiKey: rolled.key, secret: rolled.secret, previousKey: rolled.previous };
        },
        { apiKey: null, secret: null, previousKey: null },
      ),
    revokeApiKey: (_parent, { id }, { deps, actor }) =>
      mutationPayload(async () => ({ apiKey: await revokeApiKey(deps, actor.projectId, id) }), {
        apiKey: null,
      }),
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
  },
};
