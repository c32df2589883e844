import type { VaultCard } from './vault-card.entity.ts';

/** The vault card record of spec 2.8, as REST returns it. */
export interface VaultCardRecord {
  vault_token: string;
  truncated_pan: string;
  brand?: string;
  brands: string[];
}

/** The card record's address on the vault face (`GET {token_vault_url}/v1/cards/{vault_token}/`). */
export function vaultCardUrl(tokenVaultUrl: string, vaultToken: string): string {
  return `${tokenVaultUrl}/v1/cards/${vaultToken}/`;
}

export function presentVaultCard(card: VaultCard): VaultCardRecord {
  return {
    vault_token: card.id,
    truncated_pan: card.truncatedPan,
    ...(card.brand ? { brand: card.brand } : {}),
    brands: card.brands,
  };
}
