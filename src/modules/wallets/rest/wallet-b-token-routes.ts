import type { FastifyInstance } from 'fastify';
import { sendCreated } from '../../../platform/http/created.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { vaultCardUrl } from '../../vault/index.ts';
import { storeWalletBToken } from '../commands/store-wallet-b-token.ts';
import { storeWalletBTestTokenContract, storeWalletBTokenContract } from './wallet-contracts.ts';

/**
 * The wallet B token service of spec 4.9, registered under the path of WALLET_B_TOKEN_URL (default
 * `/wallet-b`): `/tokens/` for tokens of the provider's production environment, `/test/tokens/` for its test
 * environment (test projects only). No `Authorization` header: the transaction id and setup token tie a call
 * to its transaction.
 */
export async function walletBTokenRoutes(app: FastifyInstance): Promise<void> {
  route(app, storeWalletBTokenContract, async (request, reply) => {
    const stored = await storeWalletBToken(request.deps, 'production', request.body ?? {});
    return sendCreated(reply, vaultCardUrl(request.deps.config.tokenVaultUrl, stored.vaultToken), stored);
  });

  route(app, storeWalletBTestTokenContract, async (request, reply) => {
    const stored = await storeWalletBToken(request.deps, 'test', request.body ?? {});
    return sendCreated(reply, vaultCardUrl(request.deps.config.tokenVaultUrl, stored.vaultToken), stored);
  });
}
