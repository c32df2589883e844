import type { Actor } from '../../../platform/auth/actor.ts';
import { IDEAL } from '../ideal-payment-method.ts';
import { type IdealIssuer, SIMULATED_ISSUERS } from '../issuers.ts';

/**
 * `GET /v1/ideal/issuers/`: the banks a customer may choose, for a shop that shows its own list. A test project
 * with iDEAL active gets the simulated bank's issuers; anywhere else none apply (an empty list, never an error:
 * the plugins call it unconditionally).
 */
export function listIdealIssuers(actor: Pick<Actor, 'mode' | 'paymentMethods'>): readonly IdealIssuer[] {
  return actor.mode === 'test' && actor.paymentMethods.includes(IDEAL) ? SIMULATED_ISSUERS : [];
}
