import { pathPrefixOf } from '../../config/index.ts';
import type { GatewayModule } from '../../platform/module.ts';
import type { VaultDeps } from './deps.ts';
import { vaultResolvers } from './graphql/vault-resolvers.ts';
import { vaultRoutes } from './rest/vault-routes.ts';
import { VaultCard } from './vault-card.entity.ts';

/** The card vault: cards sealed under the keyring, the vault face under the path of TOKEN_VAULT_URL. */
export const vaultModule: GatewayModule<VaultDeps> = {
  name: 'vault',
  entities: [VaultCard],
  resolvers: vaultResolvers,
  async routes(app, deps) {
    await app.register(vaultRoutes, { prefix: pathPrefixOf(deps.config.tokenVaultUrl) });
  },
};
