import { pathPrefixOf } from '../../config/index.ts';
import type { GatewayModule } from '../../platform/module.ts';
import type { WalletDeps } from './deps.ts';
import { walletResolvers } from './graphql/wallet-resolvers.ts';
import { walletARoutes } from './rest/wallet-a-routes.ts';
import { walletBTokenRoutes } from './rest/wallet-b-token-routes.ts';
import { walletPayRoutes } from './rest/wallet-pay-routes.ts';

/**
 * Wallets A and B: the merchant session and token endpoints (API key), the wallet B token service (under the
 * path of WALLET_B_TOKEN_URL) and the execute-payment calls.
 */
export const walletsModule: GatewayModule<WalletDeps> = {
  name: 'wallets',
  resolvers: walletResolvers,
  async routes(app, deps) {
    await app.register(walletARoutes);
    await app.register(walletBTokenRoutes, { prefix: pathPrefixOf(deps.config.walletBTokenUrl) });
    await app.register(walletPayRoutes);
  },
};
