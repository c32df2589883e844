import { z } from 'zod';
import type { Actor } from '../../../platform/auth/actor.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import type { WalletDeps } from '../deps.ts';
import {
  invalidValidationUrl,
  merchantIdentifierMismatch,
  merchantValidationFailed,
  paymentMethodNotActive,
  walletNotConfigured,
} from '../errors.ts';
import { MerchantSessionError } from '../wallet-a/merchant-session-client.ts';
import { checkValidationUrl } from '../wallet-a/validation-url.ts';

/** A fully qualified domain name, as the provider wants `initiativeContext` (the payment page's domain). */
const DOMAIN_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** Spec 4.7: every field is required. */
export const walletASessionInputSchema = z.strictObject({
  validationUrl: z.string({ error: 'is required and must be a string' }).meta({
    description:
      "The `validationURL` of the wallet's `onvalidatemerchant` event: an https URL on the provider's own domains. Spec 4.7.",
  }),
  merchantIdentifier: z
    .string({ error: 'is required and must be a string' })
    .max(64, 'must be at most 64 characters')
    .meta({ description: 'The project id without hyphens (32 hex digits). Spec 4.7.' }),
  displayName: z
    .string({ error: 'is required and must be a string' })
    .trim()
    .min(1, 'must be 1 to 64 characters')
    .max(64, 'must be 1 to 64 characters')
    .meta({
      description: "The shop name shown to the customer (the project's trade name), 1 to 64 characters.",
    }),
  initiativeContext: z
    .string({ error: 'is required and must be a string' })
    .regex(DOMAIN_NAME, 'must be the domain name of the payment page, such as shop.example.com')
    .meta({ description: 'The domain name of the payment page, such as `shop.example.com`. Spec 4.7.' }),
});

export interface WalletASession {
  /** The merchant session as the provider (or the simulator) answered it, for `completeMerchantValidation()`. */
  sessionData: Record<string, unknown>;
}

/**
 * Spec 4.7: asks the wallet provider for a merchant session. Every check runs before anything leaves the
 * server: the body, the merchant identifier (the project id without hyphens) and the `validationUrl` against
 * the provider's published hosts. Test projects get the simulator's session; live projects call the
 * provider with mutual TLS.
 */
export async function startWalletASession(
  deps: WalletDeps,
  actor: Actor,
  body: unknown,
): Promise<WalletASession> {
  const input = parseOrThrow(walletASessionInputSchema, body);
  if (input.merchantIdentifier.toLowerCase() !== actor.projectId.replaceAll('-', '').toLowerCase()) {
    throw merchantIdentifierMismatch();
  }
  const checked = checkValidationUrl(input.validationUrl);
  if (!checked.ok) throw invalidValidationUrl(checked.problem);
  if (!actor.paymentMethods.includes('wallet-a-pay')) throw paymentMethodNotActive('wallet-a-pay');

  const { credentials, sessionClients } = deps.wallets;
  const isTest = actor.mode === 'test';
  const identity = credentials.walletA.merchantIdentity;
  if (!isTest && !identity) throw walletNotConfigured('wallet_a', 'no merchant identity certificate');
  const client = isTest ? sessionClients.test : sessionClients.live;
  try {
    const sessionData = await client.requestSession({
      url: checked.url,
      body: {
        merchantIdentifier: input.merchantIdentifier,
        displayName: input.displayName,
        initiative: 'web',
        initiativeContext: input.initiativeContext,
      },
      identity: isTest ? null : identity,
      timeoutMs: credentials.walletA.sessionTimeoutMs,
      now: deps.now(),
    });
    return { sessionData };
  } catch (error) {
    if (!(error instanceof MerchantSessionError)) throw error;
    deps.logger.warn(
      { host: checked.url.hostname, projectId: actor.projectId, reason: error.message },
      'wallet A merchant session failed',
    );
    throw merchantValidationFailed(error.message);
  }
}
