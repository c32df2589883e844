import {
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { extensionValue, type ParsedCertificate, parseCertificatePem } from './certificates.ts';
import { verifyDetachedCmsSignature } from './cms-signature.ts';
import {
  decodeBase64Field,
  decodeHexField,
  isPlainObject,
  requireStringField,
  tokenValue,
} from './encoding.ts';
import { tokenCode, WalletTokenError } from './errors.ts';
import { readWalletAPaymentData, type WalletACard } from './wallet-a-payment-data.ts';

/** Extension OIDs that mark the wallet A signing chain and the merchant identifier. */
export const WALLET_A_LEAF_MARKER_OID = '1.2.840.113635.100.6.29';
export const WALLET_A_INTERMEDIATE_MARKER_OID = '1.2.840.113635.100.6.2.14';
export const WALLET_A_MERCHANT_ID_OID = '1.2.840.113635.100.6.32';
export const DEFAULT_MAX_SIGNING_AGE_MS = 5 * 60 * 1000;

/** A merchant payment-processing certificate and its private key (EC P-256 for EC_v1, RSA for RSA_v1). */
export interface WalletAMerchantKey {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
  /** 64 hex characters; defaults to the value of the certificate's extension 1.2.840.113635.100.6.32. */
  readonly merchantIdentifierHash?: string;
}

export interface OpenWalletATokenOptions {
  readonly merchantKeys: readonly WalletAMerchantKey[];
  /** The root CA the signature chain must end in. */
  readonly rootCaPem: string;
  /** The injected clock for certificate validity and the signing-time window. */
  readonly now: Date;
  /** How far `signingTime` may be from `now`, either way; default 5 minutes. */
  readonly maxSigningAgeMs?: number;
}

export interface WalletATokenHeader {
  readonly publicKeyHash: string;
  readonly ephemeralPublicKey?: string;
  readonly wrappedKey?: string;
  readonly transactionId: string;
  readonly applicationData?: string;
}

/** The wallet's `paymentData` object (`event.payment.token.paymentData`). */
export interface WalletAToken {
  readonly version: 'EC_v1' | 'RSA_v1';
  readonly data: string;
  readonly signature: string;
  readonly header: WalletATokenHeader;
}

const zeroIv = Buffer.alloc(16);

/**
 * Verifies and decrypts a wallet A payment token (`EC_v1` or `RSA_v1`): CMS signature and certificate
 * chain first, then the merchant key chosen by `header.publicKeyHash`, then AES-GCM with a zero IV
 * (EC_v1: ECDH + concat KDF, AES-256; RSA_v1: RSA-OAEP-SHA256 unwrap, AES-128 as the wallet sends it).
 *
 * Throws `WalletTokenError` for anything wrong with the token, and a plain `Error` when the options
 * themselves are unusable (a misconfiguration, not a bad token).
 */
export function openWalletAToken(token: unknown, options: OpenWalletATokenOptions): WalletACard {
  const rootCertificate = parseConfiguredCertificate(options.rootCaPem, 'rootCaPem');
  const parsed = parseWalletAToken(token);
  const data = decodeBase64Field(parsed.data, 'data');
  const keyMaterial = decodeBase64Field(
    parsed.version === 'EC_v1' ? parsed.header.ephemeralPublicKey : parsed.header.wrappedKey,
    parsed.version === 'EC_v1' ? 'header.ephemeralPublicKey' : 'header.wrappedKey',
  );
  const signedContent = Buffer.concat([
    keyMaterial,
    data,
    decodeHexField(parsed.header.transactionId, 'header.transactionId'),
    parsed.header.applicationData === undefined
      ? Buffer.alloc(0)
      : decodeHexField(parsed.header.applicationData, 'header.applicationData'),
  ]);

  verifyDetachedCmsSignature(decodeBase64Field(parsed.signature, 'signature'), signedContent, {
    rootCertificate,
    leafMarkerOid: WALLET_A_LEAF_MARKER_OID,
    intermediateMarkerOid: WALLET_A_INTERMEDIATE_MARKER_OID,
    now: options.now,
    maxSigningAgeMs: options.maxSigningAgeMs ?? DEFAULT_MAX_SIGNING_AGE_MS,
  });

  const merchant = findMerchantKey(parsed.header.publicKeyHash, options.merchantKeys);
  const symmetricKey =
    parsed.version === 'EC_v1'
      ? deriveEcSymmetricKey(merchant, keyMaterial)
      : unwrapRsaSymmetricKey(merchant.privateKey, keyMaterial);
  return readWalletAPaymentData(decryptAesGcm(symmetricKey, data));
}

/** Checks the shape of a token object (or its JSON text) without verifying or decrypting anything. */
export function parseWalletAToken(token: unknown): WalletAToken {
  const value = tokenValue(token);
  if (!isPlainObject(value) || !isPlainObject(value.header)) {
    throw new WalletTokenError(tokenCode.malformed_token, 'The token must be an object with a header object');
  }
  const version = requireStringField(value.version, 'version');
  if (version !== 'EC_v1' && version !== 'RSA_v1') {
    throw new WalletTokenError(
      tokenCode.unsupported_version,
      `Token version ${JSON.stringify(version.slice(0, 40))} is not supported`,
    );
  }
  const header = value.header;
  const optionalString = (field: string): string | undefined =>
    header[field] === undefined ? undefined : requireStringField(header[field], `header.${field}`);
  return {
    version,
    data: requireStringField(value.data, 'data'),
    signature: requireStringField(value.signature, 'signature'),
    header: {
      publicKeyHash: requireStringField(header.publicKeyHash, 'header.publicKeyHash'),
      ephemeralPublicKey: optionalString('ephemeralPublicKey'),
      wrappedKey: optionalString('wrappedKey'),
      transactionId: requireStringField(header.transactionId, 'header.transactionId'),
      applicationData: optionalString('applicationData'),
    },
  };
}

/** base64(SHA-256(SubjectPublicKeyInfo DER)) of a merchant certificate: the token's `header.publicKeyHash`. */
export function walletAPublicKeyHash(certificatePem: string): string {
  const certificate = parseConfiguredCertificate(certificatePem, 'certificatePem');
  return createHash('sha256').update(certificate.subjectPublicKeyInfoDer).digest('base64');
}

interface MerchantKeyMaterial {
  readonly privateKey: KeyObject;
  readonly merchantIdentifierHash: Buffer;
}

function findMerchantKey(
  publicKeyHash: string,
  merchantKeys: readonly WalletAMerchantKey[],
): MerchantKeyMaterial {
  const wanted = decodeBase64Field(publicKeyHash, 'header.publicKeyHash');
  for (const merchantKey of merchantKeys) {
    const certificate = parseConfiguredCertificate(
      merchantKey.certificatePem,
      'merchantKeys[].certificatePem',
    );
    if (!createHash('sha256').update(certificate.subjectPublicKeyInfoDer).digest().equals(wanted)) continue;
    return {
      privateKey: createPrivateKey(merchantKey.privateKeyPem),
      merchantIdentifierHash: merchantIdentifierHash(merchantKey, certificate),
    };
  }
  throw new WalletTokenError(
    tokenCode.unknown_public_key_hash,
    'No merchant certificate matches header.publicKeyHash',
  );
}

function merchantIdentifierHash(merchantKey: WalletAMerchantKey, certificate: ParsedCertificate): Buffer {
  if (merchantKey.merchantIdentifierHash !== undefined) {
    if (!/^[0-9a-fA-F]{64}$/.test(merchantKey.merchantIdentifierHash)) {
      throw new Error('merchantIdentifierHash must be 64 hex characters');
    }
    return Buffer.from(merchantKey.merchantIdentifierHash, 'hex');
  }
  // The extension holds the hash as 64 hex characters in an ASN.1 string (UTF8String, IA5String, ...).
  const extension = extensionValue(certificate, WALLET_A_MERCHANT_ID_OID);
  const text =
    extension && extension.length === 66 && extension[1] === 64 ? extension.subarray(2).toString() : '';
  if (!/^[0-9a-fA-F]{64}$/.test(text)) {
    throw new Error(
      'The merchant certificate has no merchant identifier extension; pass merchantIdentifierHash',
    );
  }
  return Buffer.from(text, 'hex');
}

/** ECDH with the ephemeral key, then the NIST SP 800-56A concatenation KDF with SHA-256 (one round). */
function deriveEcSymmetricKey(merchant: MerchantKeyMaterial, ephemeralPublicKeyDer: Buffer): Buffer {
  let sharedSecret: Buffer;
  try {
    const ephemeralPublicKey = createPublicKey({ key: ephemeralPublicKeyDer, format: 'der', type: 'spki' });
    sharedSecret = diffieHellman({ privateKey: merchant.privateKey, publicKey: ephemeralPublicKey });
  } catch {
    throw new WalletTokenError(
      tokenCode.decryption_failed,
      'The ephemeral public key does not fit the merchant key',
    );
  }
  const algorithmId = Buffer.concat([Buffer.from([0x0d]), Buffer.from('id-aes256-GCM')]);
  return createHash('sha256')
    .update(Buffer.from([0, 0, 0, 1]))
    .update(sharedSecret)
    .update(algorithmId)
    .update('Apple')
    .update(merchant.merchantIdentifierHash)
    .digest();
}

function unwrapRsaSymmetricKey(privateKey: KeyObject, wrappedKey: Buffer): Buffer {
  try {
    return privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      wrappedKey,
    );
  } catch {
    throw new WalletTokenError(
      tokenCode.decryption_failed,
      'The wrapped key cannot be unwrapped with the merchant key',
    );
  }
}

/** EC_v1 derives a 256-bit key; RSA_v1 wraps a 128-bit one (AES-128-GCM), so the key length picks the cipher. */
function decryptAesGcm(key: Buffer, data: Buffer): Buffer {
  if ((key.length !== 16 && key.length !== 32) || data.length <= 16) {
    throw new WalletTokenError(tokenCode.decryption_failed, 'The payment data cannot be decrypted');
  }
  try {
    const decipher = createDecipheriv(key.length === 16 ? 'aes-128-gcm' : 'aes-256-gcm', key, zeroIv);
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
  } catch {
    throw new WalletTokenError(
      tokenCode.decryption_failed,
      'The payment data cannot be decrypted or authenticated',
    );
  }
}

function parseConfiguredCertificate(pem: string, option: string): ParsedCertificate {
  try {
    return parseCertificatePem(pem);
  } catch {
    throw new Error(`${option} is not a PEM certificate`);
  }
}
