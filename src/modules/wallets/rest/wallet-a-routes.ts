import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../../platform/http/authentication.ts';
import { sendCreated } from '../../../platform/http/created.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { vaultCardUrl } from '../../vault/index.ts';
import { persistWalletAToken } from '../commands/persist-wallet-a-token.ts';
import { startWalletASession } from '../commands/start-wallet-a-session.ts';
import { persistWalletATokenContract, startWalletASessionContract } from './wallet-contracts.ts';

/** Spec 4.7 and 4.8, called by the merchant's server with its API key. */
export async function walletARoutes(app: FastifyInstance): Promise<void> {
  route(app, startWalletASessionContract, async (request) => {
    const actor = await requireActor(request);
    return startWalletASession(request.deps, actor, request.body ?? {});
  });

  // The body carries encrypted card data only; like every body, it is never logged.
  route(app, persistWalletATokenContract, async (request, reply) => {
    const actor = await requireActor(request);
    const stored = await persistWalletAToken(request.deps, actor, request.body ?? {});
    return sendCreated(reply, vaultCardUrl(request.deps.config.tokenVaultUrl, stored.vaultToken), stored);
  });
}
