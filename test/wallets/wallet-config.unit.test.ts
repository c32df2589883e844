import { ConfigError, parseConfig } from '../../src/config/index.ts';
import { loadWalletCredentials, WalletConfigError } from '../../src/modules/wallets/wallet-credentials.ts';
import { createWalletATestKit, createWalletBTestKit } from '../factories/wallet-tokens.ts';
import { writeKeyFiles } from './support.ts';

const walletsOf = (env: Record<string, string>) => parseConfig({ NODE_ENV: 'test', ...env }).wallets;

describe('wallet configuration', () => {
  const kit = createWalletATestKit();
  const other = createWalletATestKit();
  const walletB = createWalletBTestKit();
  const files = writeKeyFiles({
    'merchant.pem': kit.merchantCertificatePem,
    'merchant.key': kit.merchantPrivateKeyPem,
    'other.key': other.merchantPrivateKeyPem,
    'root.pem': kit.rootCaPem,
    'root-keys.json': walletB.rootSigningKeysJson,
    'recipient.key': walletB.recipientPrivateKey,
    'not-json.json': 'keys',
  });

  it('configures nothing by default', () => {
    const wallets = walletsOf({});
    expect(wallets.walletA).toEqual({
      merchantIdentity: null,
      paymentProcessingKeys: [],
      rootCaPath: null,
      testRootCaPath: null,
      sessionTimeoutMs: 10_000,
    });
    expect(loadWalletCredentials(wallets).walletA.paymentProcessingKeys).toEqual([]);
  });

  it('reads certificate:key pairs and comma-separated key lists', () => {
    const wallets = walletsOf({
      WALLET_A_PAYMENT_PROCESSING_KEYS: `${files['merchant.pem']}:${files['merchant.key']}`,
      WALLET_B_RECIPIENT_PRIVATE_KEYS: `${files['recipient.key']}, ${files['recipient.key']}`,
      WALLET_B_ROOT_SIGNING_KEYS: files['root-keys.json']!,
      WALLET_B_MERCHANT_ID: '12345678901234567890',
    });
    const credentials = loadWalletCredentials(wallets);
    expect(credentials.walletA.paymentProcessingKeys).toEqual([kit.merchantKey]);
    expect(credentials.walletB.recipientPrivateKeys).toEqual([
      walletB.recipientPrivateKey,
      walletB.recipientPrivateKey,
    ]);
    expect(credentials.walletB.rootSigningKeys).toEqual(walletB.rootSigningKeys);
    expect(credentials.walletB.merchantId).toBe('12345678901234567890');
  });

  it('wants the merchant identity certificate and key together', () => {
    expect(() => walletsOf({ WALLET_A_MERCHANT_IDENTITY_CERT: files['merchant.pem']! })).toThrow(ConfigError);
  });

  it('refuses a payment processing list that is not certificate:key pairs', () => {
    expect(() => walletsOf({ WALLET_A_PAYMENT_PROCESSING_KEYS: files['merchant.pem']! })).toThrow(
      'WALLET_A_PAYMENT_PROCESSING_KEYS',
    );
  });

  it.each([
    [
      'a missing file',
      { WALLET_A_ROOT_CA: '/nonexistent/root.pem' },
      'WALLET_A_ROOT_CA: cannot read /nonexistent/root.pem',
    ],
    [
      'a key that is not a certificate',
      { WALLET_A_TEST_ROOT_CA: files['merchant.key']! },
      'is not a PEM certificate',
    ],
    [
      'a certificate with the wrong key',
      { WALLET_A_PAYMENT_PROCESSING_KEYS: `${files['merchant.pem']}:${files['other.key']}` },
      'is not the key of',
    ],
    [
      'a merchant identity with the wrong key',
      {
        WALLET_A_MERCHANT_IDENTITY_CERT: files['merchant.pem']!,
        WALLET_A_MERCHANT_IDENTITY_KEY: files['other.key']!,
      },
      'WALLET_A_MERCHANT_IDENTITY_KEY',
    ],
    [
      'a root keys file that is not JSON',
      { WALLET_B_TEST_ROOT_SIGNING_KEYS: files['not-json.json']! },
      'root signing keys',
    ],
    ['a recipient key that is not a key', { WALLET_B_RECIPIENT_PRIVATE_KEYS: files['root.pem']! }, 'PKCS #8'],
  ])('stops the start on %s, naming the variable and never the content', (_case, env, message) => {
    let error: unknown;
    try {
      loadWalletCredentials(walletsOf(env));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(WalletConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('-----BEGIN');
  });
});
