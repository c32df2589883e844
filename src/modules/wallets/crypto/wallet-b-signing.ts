import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { decodeBase64Field, isPlainObject, requireStringField } from './encoding.ts';
import { tokenCode, WalletTokenError } from './errors.ts';

/**
 * A wallet B `ECv2` token. `signedKey` and `signedMessage` are kept as the exact received strings: the
 * signatures cover those bytes, so they must never be re-serialised.
 */
export interface WalletBToken {
  readonly protocolVersion: 'ECv2';
  readonly signature: Buffer;
  readonly intermediateSigningKey: { readonly signedKey: string; readonly signatures: readonly Buffer[] };
  readonly signedMessage: string;
}

/** The sender id every wallet B signature is made with. */
export const WALLET_B_SENDER_ID = 'Google';
export const WALLET_B_PROTOCOL_VERSION = 'ECv2';

/** One entry of the wallet provider's published root signing keys. */
export interface WalletBRootSigningKey {
  /** Base64 of the X.509 SubjectPublicKeyInfo DER of an EC P-256 key. */
  readonly keyValue: string;
  readonly protocolVersion: string;
  /** Milliseconds since the epoch, as a decimal string; absent means the key does not expire. */
  readonly keyExpiration?: string;
}

export interface VerifiedWalletBIntermediateKey {
  readonly publicKey: KeyObject;
  readonly keyExpiration: Date;
}

export interface WalletBIntermediateVerificationOptions {
  readonly rootSigningKeys: readonly WalletBRootSigningKey[];
  readonly now: Date;
}

/**
 * Reads the provider's root signing keys document (`{"keys":[...]}`) or a plain array of keys.
 * Throws a plain `Error`: bad root keys are a misconfiguration, not a bad token.
 */
export function parseWalletBRootSigningKeys(json: string): WalletBRootSigningKey[] {
  const document: unknown = JSON.parse(json);
  const keys = Array.isArray(document) ? document : isPlainObject(document) ? document.keys : undefined;
  if (!Array.isArray(keys))
    throw new Error('Root signing keys must be a {"keys":[...]} document or an array');
  return keys.map((key, index) => {
    if (!isPlainObject(key) || typeof key.keyValue !== 'string' || typeof key.protocolVersion !== 'string') {
      throw new Error(`Root signing key ${index} needs keyValue and protocolVersion strings`);
    }
    if (key.keyExpiration !== undefined && typeof key.keyExpiration !== 'string') {
      throw new Error(`Root signing key ${index} has a keyExpiration that is not a string`);
    }
    return { keyValue: key.keyValue, protocolVersion: key.protocolVersion, keyExpiration: key.keyExpiration };
  });
}

/** The bytes wallet B signs: each part as a 4-byte little-endian length followed by its UTF-8 bytes. */
export function walletBSignedBytes(...parts: readonly string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length);
      return [length, bytes];
    }),
  );
}

/**
 * Verifies that the token's intermediate signing key is signed by one of the unexpired `ECv2` root keys
 * (over the exact received `signedKey` string) and has not expired itself. This is all that can be
 * verified when the recipient id is unknown.
 */
export function verifyWalletBIntermediateSigningKey(
  token: WalletBToken,
  options: WalletBIntermediateVerificationOptions,
): VerifiedWalletBIntermediateKey {
  const rootKeys = usableRootKeys(options.rootSigningKeys, options.now);
  const { signedKey, signatures } = token.intermediateSigningKey;
  const signedBytes = walletBSignedBytes(WALLET_B_SENDER_ID, WALLET_B_PROTOCOL_VERSION, signedKey);
  const signedByRoot = signatures.some((signature) =>
    rootKeys.some((rootKey) => verifyEcdsaSha256(signedBytes, rootKey, signature)),
  );
  if (!signedByRoot) {
    throw new WalletTokenError(
      tokenCode.signature_invalid,
      'The intermediate signing key is not signed by a root key',
    );
  }

  const key = readSignedKey(signedKey);
  if (key.keyExpiration.getTime() <= options.now.getTime()) {
    throw new WalletTokenError(
      tokenCode.signing_key_expired,
      `The intermediate signing key expired at ${key.keyExpiration.toISOString()}`,
    );
  }
  return key;
}

/** Verifies the message signature made by the intermediate key for this recipient over `signedMessage`. */
export function verifyWalletBMessageSignature(
  token: WalletBToken,
  intermediate: VerifiedWalletBIntermediateKey,
  recipientId: string,
): void {
  const signedBytes = walletBSignedBytes(
    WALLET_B_SENDER_ID,
    recipientId,
    WALLET_B_PROTOCOL_VERSION,
    token.signedMessage,
  );
  if (!verifyEcdsaSha256(signedBytes, intermediate.publicKey, token.signature)) {
    throw new WalletTokenError(
      tokenCode.signature_invalid,
      'The message signature does not verify for this recipient with the intermediate signing key',
    );
  }
}

function usableRootKeys(rootSigningKeys: readonly WalletBRootSigningKey[], now: Date): KeyObject[] {
  const forProtocol = rootSigningKeys.filter((key) => key.protocolVersion === WALLET_B_PROTOCOL_VERSION);
  if (forProtocol.length === 0)
    throw new Error('No root signing key for protocol version ECv2 is configured');
  const unexpired = forProtocol.filter(
    (key) => key.keyExpiration === undefined || Number(key.keyExpiration) > now.getTime(),
  );
  if (unexpired.length === 0) {
    throw new WalletTokenError(
      tokenCode.signing_key_expired,
      'Every configured ECv2 root signing key has expired',
    );
  }
  return unexpired.map((key) => {
    try {
      return createPublicKey({ key: Buffer.from(key.keyValue, 'base64'), format: 'der', type: 'spki' });
    } catch {
      throw new Error('A configured root signing key is not a Base64 SubjectPublicKeyInfo');
    }
  });
}

function readSignedKey(signedKey: string): VerifiedWalletBIntermediateKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(signedKey);
  } catch {
    throw new WalletTokenError(tokenCode.malformed_token, 'intermediateSigningKey.signedKey is not JSON');
  }
  if (!isPlainObject(parsed)) {
    throw new WalletTokenError(
      tokenCode.malformed_token,
      'intermediateSigningKey.signedKey is not a JSON object',
    );
  }
  const keyValue = decodeBase64Field(parsed.keyValue, 'signedKey.keyValue');
  const keyExpiration = requireStringField(parsed.keyExpiration, 'signedKey.keyExpiration');
  if (!/^\d{1,15}$/.test(keyExpiration)) {
    throw new WalletTokenError(
      tokenCode.malformed_token,
      'signedKey.keyExpiration is not a millisecond timestamp',
    );
  }
  try {
    const publicKey = createPublicKey({ key: keyValue, format: 'der', type: 'spki' });
    if (publicKey.asymmetricKeyType !== 'ec') throw new Error('not EC');
    return { publicKey, keyExpiration: new Date(Number(keyExpiration)) };
  } catch {
    throw new WalletTokenError(tokenCode.malformed_token, 'signedKey.keyValue is not an EC public key');
  }
}

function verifyEcdsaSha256(data: Buffer, publicKey: KeyObject, signature: Buffer): boolean {
  if (publicKey.asymmetricKeyType !== 'ec') return false;
  try {
    return verify('sha256', data, { key: publicKey, dsaEncoding: 'der' }, signature);
  } catch {
    return false;
  }
}
