import { decodeBase64Field, isPlainObject, requireStringField, tokenValue } from './encoding.ts';
import { tokenCode, WalletTokenError } from './errors.ts';
import { decryptWalletBSignedMessage, type WalletBCard } from './wallet-b-decrypt.ts';
import {
  verifyWalletBIntermediateSigningKey,
  verifyWalletBMessageSignature,
  type WalletBRootSigningKey,
  type WalletBToken,
} from './wallet-b-signing.ts';

export type { WalletBToken };

export interface OpenWalletBTokenOptions {
  /** The recipient id the message was signed for, e.g. `merchant:12345678901234567890` or `gateway:name`. */
  readonly recipientId: string;
  /** Recipient private keys (EC P-256), PKCS#8 as Base64 DER or PEM; several while keys are rotated. */
  readonly recipientPrivateKeys: readonly string[];
  /** The wallet provider's root signing keys (see `parseWalletBRootSigningKeys`). */
  readonly rootSigningKeys: readonly WalletBRootSigningKey[];
  /** The injected clock for key and message expiry. */
  readonly now: Date;
}

/**
 * Verifies and decrypts a wallet B `ECv2` token: intermediate signing key signed by a root key and not
 * expired, message signed by the intermediate key for `recipientId`, then ECIES-KEM decryption and the
 * message expiry.
 *
 * Throws `WalletTokenError` for anything wrong with the token, and a plain `Error` when the options
 * themselves are unusable (a misconfiguration, not a bad token).
 */
export function openWalletBToken(token: unknown, options: OpenWalletBTokenOptions): WalletBCard {
  const parsed = parseWalletBToken(token);
  const intermediate = verifyWalletBIntermediateSigningKey(parsed, options);
  verifyWalletBMessageSignature(parsed, intermediate, options.recipientId);
  return decryptWalletBSignedMessage(parsed.signedMessage, options);
}

/**
 * Checks the shape of a token (its JSON text as the wallet returns it, or the parsed object) without
 * verifying or decrypting anything.
 */
export function parseWalletBToken(token: unknown): WalletBToken {
  const value = tokenValue(token);
  if (!isPlainObject(value))
    throw new WalletTokenError(tokenCode.malformed_token, 'The token must be a JSON object');
  const protocolVersion = requireStringField(value.protocolVersion, 'protocolVersion');
  if (protocolVersion !== 'ECv2') {
    throw new WalletTokenError(
      tokenCode.unsupported_version,
      `Protocol version ${JSON.stringify(protocolVersion.slice(0, 40))} is not supported`,
    );
  }
  const intermediateSigningKey = value.intermediateSigningKey;
  if (!isPlainObject(intermediateSigningKey)) {
    throw new WalletTokenError(
      tokenCode.malformed_token,
      'intermediateSigningKey is missing or not an object',
    );
  }
  const signatures = intermediateSigningKey.signatures;
  if (!Array.isArray(signatures) || signatures.length === 0) {
    throw new WalletTokenError(
      tokenCode.malformed_token,
      'intermediateSigningKey.signatures must be a non-empty array',
    );
  }
  return {
    protocolVersion,
    signature: decodeBase64Field(value.signature, 'signature'),
    intermediateSigningKey: {
      signedKey: requireStringField(intermediateSigningKey.signedKey, 'intermediateSigningKey.signedKey'),
      signatures: signatures.map((signature, index) =>
        decodeBase64Field(signature, `intermediateSigningKey.signatures[${index}]`),
      ),
    },
    signedMessage: requireStringField(value.signedMessage, 'signedMessage'),
  };
}
