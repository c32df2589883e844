import {
  createDecipheriv,
  createHmac,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  hkdfSync,
  type KeyObject,
  timingSafeEqual,
} from 'node:crypto';
import { decodeBase64Field, isPlainObject } from './encoding.ts';
import { tokenCode, WalletTokenError } from './errors.ts';

/** The decrypted wallet B message (only the fields this code relies on are typed). */
export interface WalletBPaymentData {
  readonly messageExpiration: string;
  readonly messageId: string;
  readonly paymentMethod: string;
  readonly paymentMethodDetails: {
    readonly authMethod: 'PAN_ONLY' | 'CRYPTOGRAM_3DS';
    readonly pan: string;
    readonly expirationMonth: number;
    readonly expirationYear: number;
    readonly cryptogram?: string;
    readonly eciIndicator?: string;
    readonly [field: string]: unknown;
  };
  readonly [field: string]: unknown;
}

/** What the gateway needs from a decrypted wallet B token. Holds card data: never log it. */
export interface WalletBCard {
  readonly pan: string;
  /** MMYYYY. */
  readonly expiry: string;
  readonly authMethod: 'PAN_ONLY' | 'CRYPTOGRAM_3DS';
  /** Empty for PAN_ONLY. */
  readonly cryptogram: string;
  /** Empty when the wallet sends none. */
  readonly eciIndicator: string;
  readonly messageId: string;
  readonly raw: WalletBPaymentData;
}

export interface WalletBDecryptionOptions {
  /** Recipient private keys (EC P-256), PKCS#8 as Base64 DER or PEM. */
  readonly recipientPrivateKeys: readonly string[];
  readonly now: Date;
}

/** SubjectPublicKeyInfo DER prefix of a P-256 key; appending a 65-byte uncompressed point completes it. */
const p256SpkiPrefix = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');
const hkdfSalt = Buffer.alloc(32);
const zeroIv = Buffer.alloc(16);

/**
 * Decrypts `signedMessage` (ECIES-KEM: ECDH P-256, HKDF-SHA256, AES-256-CTR, HMAC-SHA256) and checks the
 * message expiry. It does NOT verify any signature: the tag only proves the sender knew the recipient's
 * public key. Use `openWalletBToken` unless the signatures were verified separately.
 */
export function decryptWalletBSignedMessage(
  signedMessage: string,
  options: WalletBDecryptionOptions,
): WalletBCard {
  const { ephemeralPublicKeyBytes, encryptedMessage, tag } = readSignedMessage(signedMessage);
  let ephemeralPublicKey: KeyObject;
  try {
    if (ephemeralPublicKeyBytes.length !== 65 || ephemeralPublicKeyBytes[0] !== 0x04)
      throw new Error('bad point');
    const spki = Buffer.concat([p256SpkiPrefix, ephemeralPublicKeyBytes]);
    ephemeralPublicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  } catch {
    throw new WalletTokenError(
      tokenCode.malformed_token,
      'ephemeralPublicKey is not an uncompressed P-256 point',
    );
  }

  for (const privateKey of options.recipientPrivateKeys.map(readRecipientPrivateKey)) {
    let sharedSecret: Buffer;
    try {
      sharedSecret = diffieHellman({ privateKey, publicKey: ephemeralPublicKey });
    } catch {
      continue; // A key on another curve cannot be the one this message was encrypted for.
    }
    const keys = Buffer.from(
      hkdfSync('sha256', Buffer.concat([ephemeralPublicKeyBytes, sharedSecret]), hkdfSalt, 'Google', 64),
    );
    const expectedTag = createHmac('sha256', keys.subarray(32)).update(encryptedMessage).digest();
    if (expectedTag.length !== tag.length || !timingSafeEqual(expectedTag, tag)) continue;
    const decipher = createDecipheriv('aes-256-ctr', keys.subarray(0, 32), zeroIv);
    const plaintext = Buffer.concat([decipher.update(encryptedMessage), decipher.final()]);
    return readWalletBPaymentData(plaintext, options.now);
  }
  throw new WalletTokenError(
    tokenCode.decryption_failed,
    'The message cannot be authenticated with any recipient key',
  );
}

function readSignedMessage(signedMessage: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(signedMessage);
  } catch {
    throw new WalletTokenError(tokenCode.malformed_token, 'signedMessage is not JSON');
  }
  if (!isPlainObject(parsed))
    throw new WalletTokenError(tokenCode.malformed_token, 'signedMessage is not a JSON object');
  return {
    ephemeralPublicKeyBytes: decodeBase64Field(parsed.ephemeralPublicKey, 'signedMessage.ephemeralPublicKey'),
    encryptedMessage: decodeBase64Field(parsed.encryptedMessage, 'signedMessage.encryptedMessage'),
    tag: decodeBase64Field(parsed.tag, 'signedMessage.tag'),
  };
}

function readRecipientPrivateKey(key: string): KeyObject {
  try {
    return key.includes('-----BEGIN')
      ? createPrivateKey(key)
      : createPrivateKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('A recipient private key is neither PEM nor Base64 PKCS#8');
  }
}

const invalid = (field: string) =>
  new WalletTokenError(tokenCode.malformed_payment_data, `The decrypted message has no valid ${field}`);

/** The JSON parser's own error is dropped on purpose: its message can quote the plaintext (the PAN). */
function readWalletBPaymentData(plaintext: Buffer, now: Date): WalletBCard {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext.toString('utf8'));
  } catch {
    throw new WalletTokenError(tokenCode.malformed_payment_data, 'The decrypted message is not JSON');
  }
  if (!isPlainObject(parsed)) throw invalid('object');

  const messageExpiration = parsed.messageExpiration;
  if (typeof messageExpiration !== 'string' || !/^\d{1,15}$/.test(messageExpiration)) {
    throw invalid('messageExpiration');
  }
  if (Number(messageExpiration) <= now.getTime()) {
    throw new WalletTokenError(
      tokenCode.message_expired,
      `The message expired at ${new Date(Number(messageExpiration)).toISOString()}`,
    );
  }
  const messageId = parsed.messageId;
  if (typeof messageId !== 'string' || messageId.length === 0) throw invalid('messageId');
  if (parsed.paymentMethod !== 'CARD') throw invalid('paymentMethod');
  const details = parsed.paymentMethodDetails;
  if (!isPlainObject(details)) throw invalid('paymentMethodDetails');

  const { pan, expirationMonth, expirationYear, authMethod } = details;
  if (typeof pan !== 'string' || !/^\d{12,19}$/.test(pan)) throw invalid('pan');
  if (
    !Number.isInteger(expirationMonth) ||
    (expirationMonth as number) < 1 ||
    (expirationMonth as number) > 12
  ) {
    throw invalid('expirationMonth');
  }
  if (
    !Number.isInteger(expirationYear) ||
    (expirationYear as number) < 2000 ||
    (expirationYear as number) > 9999
  ) {
    throw invalid('expirationYear');
  }
  if (authMethod !== 'PAN_ONLY' && authMethod !== 'CRYPTOGRAM_3DS') throw invalid('authMethod');
  const cryptogram = details.cryptogram ?? '';
  if (typeof cryptogram !== 'string' || (authMethod === 'CRYPTOGRAM_3DS' && cryptogram.length === 0)) {
    throw invalid('cryptogram');
  }
  const eciIndicator = details.eciIndicator ?? '';
  if (typeof eciIndicator !== 'string') throw invalid('eciIndicator');

  return {
    pan,
    expiry: `${String(expirationMonth).padStart(2, '0')}${expirationYear}`,
    authMethod,
    cryptogram: authMethod === 'PAN_ONLY' ? '' : cryptogram,
    eciIndicator,
    messageId,
    raw: parsed as WalletBPaymentData,
  };
}
