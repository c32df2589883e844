/**
 * Who is calling. Every read and write of a merchant-facing command is scoped to `projectId`; `principal` says
 * which credential proved it (today an API key; dashboards will add signed-in users).
 */
export interface Actor {
  projectId: string;
  merchantId: string;
  merchantName: string;
  mode: 'test' | 'live';
  /** Payment methods active in the project. */
  paymentMethods: string[];
  principal: Principal;
}

/** The credential behind an actor. */
export type Principal = { kind: 'api_key'; keyId: string };
