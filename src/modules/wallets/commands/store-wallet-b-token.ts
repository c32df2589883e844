import { z } from 'zod';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { checkSetupToken } from '../../orders/index.ts';
import { isWalletTokenError, openWalletBToken, type WalletBCard } from '../crypto/index.ts';
import type { WalletDeps } from '../deps.ts';
import { refusedToken, testEnvironmentOnly, walletNotConfigured } from '../errors.ts';
import { findTargetByTransaction, storeWalletCard } from '../wallet-card-storage.ts';
import { walletBRecipientId } from '../wallet-credentials.ts';

/** Which of the provider's environments signed the token: `/tokens/` is production, `/test/tokens/` test. */
export type WalletBEnvironment = 'production' | 'test';

/** Spec 4.9. The token stays the exact string the wallet returned: its signatures cover those bytes. */
export const walletBTokenInputSchema = z.strictObject({
  walletBMessage: z
    .string({ error: 'is required and must be the token as a string' })
    .min(1, 'must not be empty')
    .max(64 * 1024, 'must be at most 65536 characters')
    .meta({
      description:
        "The wallet's payment token (`paymentMethodData.tokenizationData.token`) as the exact string it returned (its signatures cover those bytes), at most 65,536 characters. Spec 4.9.",
    }),
  setupToken: z.uuid({ error: 'is required and must be a uuid' }).meta({
    description: "The `setup_token` of the transaction's `payment_method_details` (uuid). Spec 4.9.",
  }),
  transactionId: z.uuid({ error: 'is required and must be a uuid' }).meta({
    description: 'The transaction (uuid) the token pays. Spec 4.9.',
  }),
});

export interface StoredWalletBToken {
  vaultToken: string;
  /** Empty for a `PAN_ONLY` card, which is then paid as a plain card payment. */
  cryptogram: string;
  eciIndicator: string;
}

/**
 * Spec 4.9 (the token service, no API key): the transaction id and its setup token tie the call to a wallet
 * B transaction. The token is verified (root key of the environment, intermediate key signature and expiry,
 * message signature for this recipient) and decrypted, then the card goes into the vault. Any failed check
 * refuses the call and stores nothing. `projectId` is the caller's project when it is known (GraphQL).
 */
export async function storeWalletBToken(
  deps: WalletDeps,
  environment: WalletBEnvironment,
  body: unknown,
  projectId: string | null = null,
): Promise<StoredWalletBToken> {
  const input = parseOrThrow(walletBTokenInputSchema, body);
  const now = deps.now();
  const target = await findTargetByTransaction(
    deps,
    input.transactionId,
    input.setupToken,
    'wallet-b-pay',
    projectId,
  );
  if (environment === 'test' && !target.order.flags.includes('is-test')) throw testEnvironmentOnly();
  // The setup token rules, checked before any cryptography runs (same errors as the vault).
  checkSetupToken(target.order, target.transaction, now);

  const credentials = deps.wallets.credentials.walletB;
  const rootSigningKeys =
    environment === 'test' ? credentials.testRootSigningKeys : credentials.rootSigningKeys;
  if (!rootSigningKeys) {
    const which = environment === 'test' ? 'of the test environment' : 'of the production environment';
    throw walletNotConfigured('wallet_b', `no root signing keys ${which}`);
  }
  if (credentials.recipientPrivateKeys.length === 0) {
    throw walletNotConfigured('wallet_b', 'no recipient private key');
  }

  let card: WalletBCard;
  try {
    card = openWalletBToken(input.walletBMessage, {
      recipientId: walletBRecipientId(credentials, target.order.projectId),
      recipientPrivateKeys: credentials.recipientPrivateKeys,
      rootSigningKeys,
      now,
    });
  } catch (error) {
    if (isWalletTokenError(error)) throw refusedToken(error);
    throw error;
  }
  const stored = await storeWalletCard(deps, target, { pan: card.pan, expiry: card.expiry }, now);
  const panOnly = card.authMethod === 'PAN_ONLY';
  return {
    vaultToken: stored.id,
    cryptogram: panOnly ? '' : card.cryptogram,
    eciIndicator: panOnly ? '' : card.eciIndicator,
  };
}
