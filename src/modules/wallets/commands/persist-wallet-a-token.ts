import { z } from 'zod';
import type { Actor } from '../../../platform/auth/actor.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { checkSetupToken } from '../../orders/index.ts';
import {
  isWalletTokenError,
  openWalletAToken,
  tokenCode,
  type WalletACard,
  type WalletTokenError,
} from '../crypto/index.ts';
import type { WalletDeps } from '../deps.ts';
import { refusedToken, walletNotConfigured } from '../errors.ts';
import { findTargetBySetupToken, storeWalletCard } from '../wallet-card-storage.ts';
import type { WalletACredentials } from '../wallet-credentials.ts';

const MAX_FIELD = 64 * 1024;
const text = (max: number) =>
  z
    .string({ error: 'is required and must be a string' })
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`);

/** Spec 4.8: the wallet's `event.payment.token.paymentData` plus the transaction's setup token. */
export const walletATokenInputSchema = z.strictObject({
  setupToken: z.uuid({ error: 'is required and must be a uuid' }).meta({
    description: "The `setup_token` of the transaction's `payment_method_details` (uuid). Spec 4.8.",
  }),
  data: text(MAX_FIELD).meta({
    description: 'The encrypted payment data, Base64, at most 65,536 characters.',
  }),
  signature: text(MAX_FIELD).meta({
    description:
      'The detached CMS signature of the payment and header data, Base64, at most 65,536 characters.',
  }),
  header: z
    .strictObject(
      {
        publicKeyHash: text(256).meta({
          description:
            "Base64 SHA-256 of the merchant payment processing certificate's public key: which key opens it.",
        }),
        // EC_v1 carries ephemeralPublicKey, RSA_v1 wrappedKey; the token reader checks which one is needed.
        ephemeralPublicKey: text(1024)
          .optional()
          .meta({ description: '`EC_v1`: the ephemeral public key, Base64 DER.' }),
        wrappedKey: text(4096)
          .optional()
          .meta({ description: '`RSA_v1`: the symmetric key wrapped with the merchant public key, Base64.' }),
        transactionId: text(256).meta({ description: "The wallet's transaction id, hex." }),
        applicationData: text(1024).optional().meta({
          description: 'Hex SHA-256 of the application data the merchant gave the wallet, when it gave some.',
        }),
      },
      { error: 'is required and must be an object' },
    )
    .meta({ description: "The token's header, as the wallet gave it." }),
  version: text(32).meta({ description: 'The token format: `EC_v1` or `RSA_v1`.' }),
});

export interface PersistedWalletAToken {
  vaultToken: string;
  onlinePaymentCryptogram: string;
  eciIndicator: string;
}

/**
 * Spec 4.8: verifies and decrypts a wallet A token (signature chain to the configured root, signing time,
 * the payment processing key chosen by `publicKeyHash`), then stores the card in the vault for the setup
 * token's wallet A transaction. Any failed check refuses the call and stores nothing; the setup token stays
 * usable until its 300 seconds are over. The cryptogram is returned for 4.10 and not kept.
 */
export async function persistWalletAToken(
  deps: WalletDeps,
  actor: Actor,
  body: unknown,
): Promise<PersistedWalletAToken> {
  const input = parseOrThrow(walletATokenInputSchema, body);
  const now = deps.now();
  const target = await findTargetBySetupToken(deps, actor.projectId, input.setupToken, 'wallet-a-pay');
  // The setup token rules, checked before any cryptography runs (same errors as the vault).
  checkSetupToken(target.order, target.transaction, now);

  const credentials = deps.wallets.credentials.walletA;
  const { setupToken: _setupToken, ...token } = input;
  const card = openWithAcceptedRoots(token, credentials, target.order.flags.includes('is-test'), now);
  const stored = await storeWalletCard(deps, target, { pan: card.pan, expiry: card.expiry }, now);
  return { vaultToken: stored.id, onlinePaymentCryptogram: card.cryptogram, eciIndicator: card.eciIndicator };
}

/**
 * Live projects accept the provider's root only; test projects also the configured test root (a test PKI).
 * A token is tried against each accepted root in turn; only a chain problem moves on to the next root.
 */
function openWithAcceptedRoots(
  token: unknown,
  credentials: WalletACredentials,
  isTest: boolean,
  now: Date,
): WalletACard {
  const roots = [credentials.rootCaPem, isTest ? credentials.testRootCaPem : null].filter(
    (root): root is string => root !== null,
  );
  if (roots.length === 0) throw walletNotConfigured('wallet_a', 'no root certificate');
  if (credentials.paymentProcessingKeys.length === 0) {
    throw walletNotConfigured('wallet_a', 'no payment processing key');
  }
  let chainError: WalletTokenError | null = null;
  for (const rootCaPem of roots) {
    try {
      return openWalletAToken(token, { merchantKeys: credentials.paymentProcessingKeys, rootCaPem, now });
    } catch (error) {
      if (!isWalletTokenError(error)) throw error;
      if (error.code !== tokenCode.certificate_chain_invalid) throw refusedToken(error);
      chainError = error;
    }
  }
  throw refusedToken(chainError!);
}
