import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../../platform/http/authentication.ts';
import { sendCreated } from '../../../platform/http/created.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { getVaultCard } from '../commands/get-card.ts';
import { storeCard } from '../commands/store-card.ts';
import { presentVaultCard, vaultCardUrl } from '../vault-record.ts';
import { getCardContract, storeCardContract } from './vault-contracts.ts';

/**
 * The vault face, spec 4.6: `POST {token_vault_url}/v1/cards/`, and `GET …/v1/cards/{vault_token}/` for the
 * record it created. Registered under the path of TOKEN_VAULT_URL
 * (default `/vault`), so the same code serves it in-process or as its own process behind its own host name.
 * The request body (PAN) is never logged: the server logs one line per request without bodies.
 */
export async function vaultRoutes(app: FastifyInstance): Promise<void> {
  route(app, storeCardContract, async (request, reply) => {
    const actor = await requireActor(request);
    const card = await storeCard(request.deps, actor, request.body ?? {});
    return sendCreated(
      reply,
      vaultCardUrl(request.deps.config.tokenVaultUrl, card.id),
      presentVaultCard(card),
    );
  });

  // The record of a stored card (the 201's Location): token, truncated number and brands, never card data.
  route(app, getCardContract, async (request) => {
    const actor = await requireActor(request);
    return presentVaultCard(await getVaultCard(request.deps, actor, request.params.vaultToken));
  });
}
