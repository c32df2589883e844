import type { VaultCard } from './vault-card.entity.ts';

/** The vault card record of spec 2.8, as REST returns it. */
export interface VaultCardRecord {
  vault_token: string;
  truncated_pan: string;
  brand?: string;
  brands: string[];
}

export function presentVaultCard(card: VaultCard): VaultCardRecord {
  return {
    vault_token: card.id,
    truncated_pan: card.truncatedPan,
    ...(card.brand ? { brand: card.brand } : {}),
    brands: card.brands,
  };
}
