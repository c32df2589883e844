/**
 * The iDEAL issuers (the customer's banks) as `GET /v1/ideal/issuers/` answers them, in the real service's shape
 * (`id` a BIC, `name`, `list_type`): what older ginger-php 2.x clients and the plugin SDK's `getIdealIssuers` read.
 * Test projects get the simulated bank's issuers; any `issuer_id` is accepted at order creation and recorded as
 * sent (iDEAL 2.0 lets the customer choose the bank on the iDEAL page itself, so the plugins may send none).
 */
export interface IdealIssuer {
  id: string;
  name: string;
  list_type: string;
}

export const SIMULATED_ISSUERS: readonly IdealIssuer[] = Object.freeze([
  { id: 'ABNANL2A', name: 'ABN AMRO (simulated)', list_type: 'Nederland' },
  { id: 'INGBNL2A', name: 'ING (simulated)', list_type: 'Nederland' },
  { id: 'RABONL2U', name: 'Rabobank (simulated)', list_type: 'Nederland' },
  { id: 'SNSBNL2A', name: 'SNS (simulated)', list_type: 'Nederland' },
]);

/** The issuer's name for a page, when the id is one of the simulator's. */
export function issuerName(issuerId: unknown): string | null {
  return SIMULATED_ISSUERS.find((issuer) => issuer.id === issuerId)?.name ?? null;
}
