import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { WalletConfig } from '../../config/wallets.ts';
import {
  parseWalletBRootSigningKeys,
  type WalletAMerchantKey,
  type WalletBRootSigningKey,
  walletAPublicKeyHash,
} from './crypto/index.ts';

/**
 * The wallet key material, read once at start-up from the files the configuration names. Every file is
 * parsed here, so a wrong path, a certificate that does not match its key or a broken root keys document
 * stops the start with a message naming the variable and the path (never the content).
 */

export interface MerchantIdentity {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
}

export interface WalletACredentials {
  /** Mutual TLS identity for merchant sessions of live projects. */
  readonly merchantIdentity: MerchantIdentity | null;
  /** Payment processing certificates and keys; the token's `header.publicKeyHash` selects one. */
  readonly paymentProcessingKeys: readonly WalletAMerchantKey[];
  /** The provider's root CA: tokens of every project must chain to it. */
  readonly rootCaPem: string | null;
  /** An extra root accepted for test projects only. */
  readonly testRootCaPem: string | null;
  readonly sessionTimeoutMs: number;
}

export interface WalletBCredentials {
  /** The provider-assigned merchant id; null means each project's id without hyphens. */
  readonly merchantId: string | null;
  readonly recipientPrivateKeys: readonly string[];
  readonly rootSigningKeys: readonly WalletBRootSigningKey[] | null;
  readonly testRootSigningKeys: readonly WalletBRootSigningKey[] | null;
}

export interface WalletCredentials {
  readonly walletA: WalletACredentials;
  readonly walletB: WalletBCredentials;
}

export class WalletConfigError extends Error {
  override name = 'WalletConfigError';
}

export function loadWalletCredentials(config: WalletConfig): WalletCredentials {
  const { walletA, walletB } = config;
  return {
    walletA: {
      merchantIdentity: walletA.merchantIdentity
        ? loadIdentity(walletA.merchantIdentity.certificatePath, walletA.merchantIdentity.privateKeyPath)
        : null,
      paymentProcessingKeys: walletA.paymentProcessingKeys.map(({ certificatePath, privateKeyPath }) =>
        loadPaymentProcessingKey(certificatePath, privateKeyPath),
      ),
      rootCaPem: walletA.rootCaPath ? loadCertificate('WALLET_A_ROOT_CA', walletA.rootCaPath) : null,
      testRootCaPem: walletA.testRootCaPath
        ? loadCertificate('WALLET_A_TEST_ROOT_CA', walletA.testRootCaPath)
        : null,
      sessionTimeoutMs: walletA.sessionTimeoutMs,
    },
    walletB: {
      merchantId: walletB.merchantId,
      recipientPrivateKeys: walletB.recipientPrivateKeyPaths.map(loadRecipientKey),
      rootSigningKeys: walletB.rootSigningKeysPath
        ? loadRootKeys('WALLET_B_ROOT_SIGNING_KEYS', walletB.rootSigningKeysPath)
        : null,
      testRootSigningKeys: walletB.testRootSigningKeysPath
        ? loadRootKeys('WALLET_B_TEST_ROOT_SIGNING_KEYS', walletB.testRootSigningKeysPath)
        : null,
    },
  };
}

/** The recipient id wallet B messages must be signed for (`merchant:<id>`). */
export function walletBRecipientId(credentials: WalletBCredentials, projectId: string): string {
  return `merchant:${credentials.merchantId ?? projectId.replaceAll('-', '')}`;
}

function read(variable: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new WalletConfigError(`${variable}: cannot read ${path} (${reason})`);
  }
}

function loadCertificate(variable: string, path: string): string {
  const pem = read(variable, path);
  try {
    new X509Certificate(pem);
  } catch {
    throw new WalletConfigError(`${variable}: ${path} is not a PEM certificate`);
  }
  return pem;
}

function loadPrivateKey(variable: string, path: string): string {
  const pem = read(variable, path);
  try {
    createPrivateKey(pem);
  } catch {
    throw new WalletConfigError(`${variable}: ${path} is not a PEM private key`);
  }
  return pem;
}

function loadIdentity(certificatePath: string, privateKeyPath: string): MerchantIdentity {
  const certificatePem = loadCertificate('WALLET_A_MERCHANT_IDENTITY_CERT', certificatePath);
  const privateKeyPem = loadPrivateKey('WALLET_A_MERCHANT_IDENTITY_KEY', privateKeyPath);
  if (!new X509Certificate(certificatePem).checkPrivateKey(createPrivateKey(privateKeyPem))) {
    throw new WalletConfigError(
      `WALLET_A_MERCHANT_IDENTITY_KEY: ${privateKeyPath} is not the key of ${certificatePath}`,
    );
  }
  return { certificatePem, privateKeyPem };
}

function loadPaymentProcessingKey(certificatePath: string, privateKeyPath: string): WalletAMerchantKey {
  const variable = 'WALLET_A_PAYMENT_PROCESSING_KEYS';
  const certificatePem = loadCertificate(variable, certificatePath);
  const privateKeyPem = loadPrivateKey(variable, privateKeyPath);
  if (!new X509Certificate(certificatePem).checkPrivateKey(createPrivateKey(privateKeyPem))) {
    throw new WalletConfigError(`${variable}: ${privateKeyPath} is not the key of ${certificatePath}`);
  }
  try {
    walletAPublicKeyHash(certificatePem);
  } catch {
    throw new WalletConfigError(`${variable}: ${certificatePath} cannot be read as a merchant certificate`);
  }
  return { certificatePem, privateKeyPem };
}

/** PKCS #8, as PEM or as Base64 DER (the form the provider's tools print). */
function loadRecipientKey(path: string): string {
  const variable = 'WALLET_B_RECIPIENT_PRIVATE_KEYS';
  const text = read(variable, path).trim();
  try {
    if (text.includes('-----BEGIN')) createPrivateKey(text);
    else createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new WalletConfigError(`${variable}: ${path} is not a PKCS #8 private key (PEM or Base64 DER)`);
  }
  return text;
}

function loadRootKeys(variable: string, path: string): WalletBRootSigningKey[] {
  try {
    const keys = parseWalletBRootSigningKeys(read(variable, path));
    if (keys.length === 0) throw new Error('no keys');
    return keys;
  } catch (error) {
    if (error instanceof WalletConfigError) throw error;
    throw new WalletConfigError(`${variable}: ${path} is not a root signing keys document ({"keys":[...]})`);
  }
}
