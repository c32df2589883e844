import type { FastifyInstance } from 'fastify';
import { storeWalletBToken } from '../commands/store-wallet-b-token.ts';

/**
 * The wallet B token service of spec 4.9, registered under the path of WALLET_B_TOKEN_URL (default
 * `/wallet-b`): `/tokens/` for tokens of the provider's production environment, `/test/tokens/` for its test
 * environment (test projects only). No `Authorization` header: the transaction id and setup token tie a call
 * to its transaction.
 */
export async function walletBTokenRoutes(app: FastifyInstance): Promise<void> {
  app.post('/tokens/', async (request, reply) => {
    const stored = await storeWalletBToken(request.deps, 'production', request.body ?? {});
    return reply.code(201).send(stored);
  });

  app.post('/test/tokens/', async (request, reply) => {
    const stored = await storeWalletBToken(request.deps, 'test', request.body ?? {});
    return reply.code(201).send(stored);
  });
}
