import { pathPrefixOf } from '../../config/index.ts';
import type { Deps } from '../../platform/deps.ts';
import type { GatewayModule } from '../../platform/module.ts';
import { ApiKey } from './api-key.entity.ts';
import type { IdentityDeps } from './deps.ts';
import { apiKeyResolvers } from './graphql/api-key-resolvers.ts';
import { apiKeyNode, userNode } from './graphql/identity-nodes.ts';
import { identityResolvers } from './graphql/identity-resolvers.ts';
import { sessionRoutes } from './rest/session-routes.ts';
import { MerchantSession } from './session.entity.ts';
import { MerchantUser } from './user.entity.ts';

/**
 * Who may call: API keys, merchant users and their portal sessions, roles. Authentication itself is wired by
 * the composition root (app.ts) through `Credentials`; roles are enforced by platform/graphql/authorization.ts.
 */
export const identityModule: GatewayModule<Deps & IdentityDeps> = {
  name: 'identity',
  entities: [ApiKey, MerchantUser, MerchantSession],
  resolvers: {
    ...identityResolvers,
    ...apiKeyResolvers,
    Query: { ...identityResolvers.Query, ...apiKeyResolvers.Query },
    Mutation: { ...identityResolvers.Mutation, ...apiKeyResolvers.Mutation },
  },
  nodeTypes: [apiKeyNode, userNode],
  async routes(app, deps) {
    await app.register(sessionRoutes(deps), { prefix: pathPrefixOf(deps.config.merchantPortalUrl) });
  },
};
