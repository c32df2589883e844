import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../../platform/http/authentication.ts';
import { storeCard } from '../commands/store-card.ts';
import { presentVaultCard } from '../vault-record.ts';

/**
 * The vault face, spec 4.6: `POST {token_vault_url}/v1/cards/`. Registered under the path of TOKEN_VAULT_URL
 * (default `/vault`), so the same code serves it in-process or as its own process behind its own host name.
 * The request body (PAN) is never logged: the server logs one line per request without bodies.
 */
export async function vaultRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/cards/', async (request, reply) => {
    const actor = await requireActor(request);
    const card = await storeCard(request.deps, actor, request.body ?? {});
    return reply.code(201).send(presentVaultCard(card));
  });
}
