import type { Actor } from '../../../platform/auth/actor.ts';
import { invalidFields } from '../../../platform/errors/domain-error.ts';
import { checkVaultCardInput } from '../card-input.ts';
import { storeCardWithSetupToken } from '../card-storage.ts';
import type { VaultDeps } from '../deps.ts';
import type { VaultCard } from '../vault-card.entity.ts';

/**
 * Spec 4.6: stores a card against a transaction's setup token. The token works once, within 300 seconds of
 * the order's creation, and only for the project that owns it (another project's token is "not found").
 * Two requests with one token are serialised on the order's row lock: exactly one stores a card.
 */
export async function storeCard(deps: VaultDeps, actor: Actor, body: unknown): Promise<VaultCard> {
  const now = deps.now();
  const parsed = checkVaultCardInput(body, { now });
  if (!parsed.ok) throw invalidFields(parsed.problems);
  const input = parsed.value;
  return storeCardWithSetupToken(deps, { projectId: actor.projectId }, input.setupToken, input, now);
}
