import type { Actor } from '../../../platform/auth/actor.ts';
import { invalidFields } from '../../../platform/errors/domain-error.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { operationOf } from '../../../platform/operations/idempotent-operation.ts';
import { checkVaultCardInput } from '../card-input.ts';
import { storeCardWithSetupToken } from '../card-storage.ts';
import type { VaultDeps } from '../deps.ts';
import type { VaultCard } from '../vault-card.entity.ts';
import { getVaultCard } from './get-card.ts';

/**
 * Spec 4.6: stores a card against a transaction's setup token. The token works once, within 300 seconds of
 * the order's creation, and only for the project that owns it (another project's token is "not found").
 * Two requests with one token are serialised on the order's row lock: exactly one stores a card. A retry with
 * the same Idempotency-Key of a request whose write committed (its answer lost) answers the card it stored,
 * although the setup token is used up by then.
 */
export async function storeCard(deps: VaultDeps, actor: Actor, body: unknown): Promise<VaultCard> {
  const now = deps.now();
  const parsed = checkVaultCardInput(body, { now });
  if (!parsed.ok) throw invalidFields(parsed.problems);
  const input = parsed.value;
  const operation = operationOf(deps);
  if (operation.recovered?.point === 'card_stored') {
    return getVaultCard(deps, actor, String(operation.recovered.data.cardId));
  }
  const stored = await storeCardWithSetupToken(
    deps,
    { projectId: actor.projectId },
    input.setupToken,
    input,
    now,
    {
      // The card's id is its vault token, a credential.
      id: operation.idFor('card', 'credential'),
      recovery: (cardId) => operation.recordPart('card_stored', { cardId }),
    },
  );
  await crashPoint('vault.after-commit');
  return stored;
}
