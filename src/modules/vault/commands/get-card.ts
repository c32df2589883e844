import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import type { VaultCard } from '../vault-card.entity.ts';
import { VaultCardRepository } from '../vault-card.repository.ts';

/** One of the caller's stored cards by its vault token (the record, never card data); others are not found. */
export async function getVaultCard(deps: Deps, actor: Actor, vaultToken: string): Promise<VaultCard> {
  const card = await deps.db.read((uow) =>
    new VaultCardRepository(uow).findForProject(actor.projectId, vaultToken),
  );
  if (!card) throw notFound('Vault token', 'vault_token');
  return card;
}
