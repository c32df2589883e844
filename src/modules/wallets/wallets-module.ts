import type { FastifyInstance } from 'fastify';
import { pathPrefixOf } from '../../config/index.ts';
import type { AppServices } from '../../services.ts';
import { walletARoutes } from './rest/wallet-a-routes.ts';
import { walletBTokenRoutes } from './rest/wallet-b-token-routes.ts';
import { walletPayRoutes } from './rest/wallet-pay-routes.ts';
import { bindWalletRuntime } from './wallet-runtime.ts';

/**
 * Wallets A and B: the merchant session and token endpoints (API key), the wallet B token service (under the
 * path of WALLET_B_TOKEN_URL) and the execute-payment calls. Reads the configured key files first, so a bad
 * file stops the start instead of failing the first payment.
 */
export async function registerWalletRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  bindWalletRuntime(services.config, services.logger);
  await app.register(walletARoutes);
  await app.register(walletBTokenRoutes, { prefix: pathPrefixOf(services.config.walletBTokenUrl) });
  await app.register(walletPayRoutes);
}
