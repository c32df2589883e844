import { z } from 'zod';

/**
 * Wallet configuration (the README section Wallets A and B). Every value is a file path or an identifier, never key material
 * itself, so secrets stay in files with their own permissions. Nothing is set by default: a wallet feature
 * without its configuration answers 422 `wallet_a_not_configured` / `wallet_b_not_configured`, and test
 * projects still get the deterministic session simulator.
 */

const filePath = z.string().trim().min(1, 'must be a file path');

/** `certificate.pem:private-key.pem[,certificate.pem:private-key.pem...]` */
const PAIR_LIST = /^[^,:]+:[^,:]+(,[^,:]+:[^,:]+)*$/;

export const walletEnvShape = {
  /** Merchant identity certificate and key (PEM files) for the mutual TLS merchant session call of live projects. */
  WALLET_A_MERCHANT_IDENTITY_CERT: filePath.optional(),
  WALLET_A_MERCHANT_IDENTITY_KEY: filePath.optional(),
  /** Payment processing certificates with their private keys; the token's `publicKeyHash` picks one. */
  WALLET_A_PAYMENT_PROCESSING_KEYS: z
    .string()
    .regex(PAIR_LIST, 'must be "certificate.pem:private-key.pem[,certificate.pem:private-key.pem...]"')
    .optional(),
  /** The provider's root CA (PEM) every token signature must chain to. */
  WALLET_A_ROOT_CA: filePath.optional(),
  /** An extra root CA (PEM) accepted for test projects only, e.g. a test PKI that signs generated tokens. */
  WALLET_A_TEST_ROOT_CA: filePath.optional(),
  WALLET_A_SESSION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The merchant id the provider assigned; the recipient id is `merchant:<id>` (default: the project id). */
  WALLET_B_MERCHANT_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, ".", "_" or "-"')
    .optional(),
  /** Recipient private keys (PKCS #8, PEM or Base64 DER), one file each, comma-separated; several while rotating. */
  WALLET_B_RECIPIENT_PRIVATE_KEYS: z.string().trim().min(1).optional(),
  /** The provider's root signing keys document (`{"keys":[...]}` JSON) of its production environment. */
  WALLET_B_ROOT_SIGNING_KEYS: filePath.optional(),
  /** The same document of the provider's test environment, used by `/test/tokens/` (test projects only). */
  WALLET_B_TEST_ROOT_SIGNING_KEYS: filePath.optional(),
};

const walletEnvSchema = z.object(walletEnvShape);
type WalletEnv = z.output<typeof walletEnvSchema>;

export interface WalletConfig {
  walletA: {
    merchantIdentity: { certificatePath: string; privateKeyPath: string } | null;
    paymentProcessingKeys: { certificatePath: string; privateKeyPath: string }[];
    rootCaPath: string | null;
    testRootCaPath: string | null;
    sessionTimeoutMs: number;
  };
  walletB: {
    merchantId: string | null;
    recipientPrivateKeyPaths: string[];
    rootSigningKeysPath: string | null;
    testRootSigningKeysPath: string | null;
  };
}

/** Problems that involve two variables; called from the configuration's superRefine. */
export function checkWalletEnv(env: WalletEnv, ctx: z.RefinementCtx): void {
  const cert = env.WALLET_A_MERCHANT_IDENTITY_CERT;
  const key = env.WALLET_A_MERCHANT_IDENTITY_KEY;
  if ((cert === undefined) !== (key === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [cert === undefined ? 'WALLET_A_MERCHANT_IDENTITY_CERT' : 'WALLET_A_MERCHANT_IDENTITY_KEY'],
      message: 'WALLET_A_MERCHANT_IDENTITY_CERT and WALLET_A_MERCHANT_IDENTITY_KEY go together',
    });
  }
}

export function walletConfigFrom(env: WalletEnv): WalletConfig {
  const cert = env.WALLET_A_MERCHANT_IDENTITY_CERT;
  const key = env.WALLET_A_MERCHANT_IDENTITY_KEY;
  return {
    walletA: {
      merchantIdentity: cert && key ? { certificatePath: cert, privateKeyPath: key } : null,
      paymentProcessingKeys: list(env.WALLET_A_PAYMENT_PROCESSING_KEYS).map((pair) => {
        const [certificatePath, privateKeyPath] = pair.split(':') as [string, string];
        return { certificatePath: certificatePath.trim(), privateKeyPath: privateKeyPath.trim() };
      }),
      rootCaPath: env.WALLET_A_ROOT_CA ?? null,
      testRootCaPath: env.WALLET_A_TEST_ROOT_CA ?? null,
      sessionTimeoutMs: env.WALLET_A_SESSION_TIMEOUT_MS,
    },
    walletB: {
      merchantId: env.WALLET_B_MERCHANT_ID ?? null,
      recipientPrivateKeyPaths: list(env.WALLET_B_RECIPIENT_PRIVATE_KEYS),
      rootSigningKeysPath: env.WALLET_B_ROOT_SIGNING_KEYS ?? null,
      testRootSigningKeysPath: env.WALLET_B_TEST_ROOT_SIGNING_KEYS ?? null,
    },
  };
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
