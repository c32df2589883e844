import { createHash } from 'node:crypto';
import type { MerchantSessionClient, MerchantSessionRequest } from './merchant-session-client.ts';

/** How long a simulated session says it is valid, like the provider's sessions. */
export const SIMULATED_SESSION_VALIDITY_MS = 5 * 60 * 1000;

/**
 * The merchant session of test projects: no network, no certificate. It answers with an object shaped like
 * the provider's merchant session, derived only from the request and the clock, so the same request at the
 * same time gives the same session. `simulated: true` marks it; a real wallet sheet would not accept it.
 */
export function simulateMerchantSession(session: MerchantSessionRequest): Record<string, unknown> {
  const { body, now } = session;
  const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex');
  const merchantIdentifierHash = digest(body.merchantIdentifier).toUpperCase();
  const seed = digest(
    body.merchantIdentifier,
    body.displayName,
    body.initiativeContext,
    session.url.href,
    String(now.getTime()),
  );
  return {
    epochTimestamp: now.getTime(),
    expiresAt: now.getTime() + SIMULATED_SESSION_VALIDITY_MS,
    merchantSessionIdentifier: `SSH${seed.slice(0, 32).toUpperCase()}_SIMULATED`,
    nonce: seed.slice(32, 40),
    merchantIdentifier: merchantIdentifierHash,
    domainName: body.initiativeContext,
    displayName: body.displayName,
    signature: digest('signature', seed),
    operationalAnalyticsIdentifier: `${body.displayName}:${merchantIdentifierHash}`,
    retries: 0,
    pspId: merchantIdentifierHash,
    simulated: true,
  };
}

export function createSimulatedMerchantSessionClient(): MerchantSessionClient {
  return { name: 'simulator', requestSession: async (session) => simulateMerchantSession(session) };
}
