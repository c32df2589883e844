/**
 * The vault module's front door: what other modules may use of it. `npm run boundaries` refuses any other
 * import across modules; the module's own files never import it.
 */
export type { CardCipher } from './card-crypto.ts';
export {
  CARDHOLDER_NAME_MAX_LENGTH,
  type InputProblem,
  parseVaultCardInput,
  validateCvc,
} from './card-input.ts';
export {
  type CardBrand,
  detectBrands,
  EXAMPLE_CARD_PAN,
  EXPIRY_PATTERN,
  isCardExpired,
  isCvcFormatValid,
  isLuhnValid,
  securityCodeLength,
} from './card-number.ts';
export { openPan } from './card-sealing.ts';
export { type CardToStore, storeCardForTransaction, storeCardWithSetupToken } from './card-storage.ts';
export type { VaultDeps } from './deps.ts';
export type { VaultCard } from './vault-card.entity.ts';
export { VaultCardRepository } from './vault-card.repository.ts';
export { vaultCardUrl } from './vault-record.ts';
