import type { Deps } from '../../platform/deps.ts';
import type { VaultDeps } from '../vault/deps.ts';
import type { AcquirerDirectory } from './acquirer/acquirer-directory.ts';

/** What card payment commands need beyond the base: who moves the money, and the vault's keyring. */
export interface PaymentDeps extends Deps, VaultDeps {
  acquirers: AcquirerDirectory;
}
