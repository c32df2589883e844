import type { CardCipher } from './card-crypto.ts';
import type { VaultCard } from './vault-card.entity.ts';

/**
 * Binds a card's ciphertext to its row and project (GCM additional data): a ciphertext copied to another row or
 * project fails to decrypt instead of paying with someone else's card.
 */
function aadOf(card: Pick<VaultCard, 'id' | 'projectId'>): string {
  return `vault_card:${card.id}:${card.projectId}`;
}

export function sealPan(
  cipher: CardCipher,
  card: Pick<VaultCard, 'id' | 'projectId'>,
  pan: string,
): Pick<VaultCard, 'keyId' | 'panCiphertext'> {
  const sealed = cipher.encrypt(pan, aadOf(card));
  return { keyId: sealed.keyId, panCiphertext: sealed.ciphertext };
}

/** The clear PAN, for the acquirer request only: keep it in a local variable, never log or persist it. */
export function openPan(cipher: CardCipher, card: VaultCard): string {
  return cipher.decrypt({ keyId: card.keyId, ciphertext: card.panCiphertext }, aadOf(card));
}
