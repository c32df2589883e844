import type { Deps } from '../../platform/deps.ts';
import type { AcquirerDirectory } from '../payments/acquirer/acquirer-directory.ts';

/** Refunds go to the acquirer that took the payment. */
export interface BackOfficeDeps extends Deps {
  acquirers: AcquirerDirectory;
}
