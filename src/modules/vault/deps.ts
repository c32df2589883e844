import type { Deps } from '../../platform/deps.ts';
import type { CardCipher } from './card-crypto.ts';

/** What vault commands need beyond the base: the keyring that seals and opens card numbers. */
export interface VaultDeps extends Deps {
  cipher: CardCipher;
}
