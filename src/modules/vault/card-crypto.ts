import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';

/**
 * Encryption of card numbers at rest: AES-256-GCM under a keyring.
 *
 * - New values are encrypted with the active key; every key in the ring still decrypts, so a key is rotated by
 *   adding a new active key and re-encrypting (or letting expire) the old rows before removing the old key.
 * - Every encryption uses a fresh random 96-bit IV, the size GCM is specified for.
 * - The optional AAD (for instance the vault token id) binds a ciphertext to its row: copying it to another
 *   row makes decryption fail instead of silently returning another customer's card.
 * - Stored form: `keyId` in its own column and `ciphertext` = base64url(iv[12] | tag[16] | ct).
 * Error messages never include plaintext, key material or ciphertext.
 */

export interface VaultKey {
  id: string;
  /** 32 bytes (AES-256). */
  key: Buffer;
}

export interface EncryptedValue {
  keyId: string;
  /** base64url of iv(12) | auth tag(16) | ciphertext. */
  ciphertext: string;
}

export interface CardCipher {
  readonly activeKeyId: string;
  encrypt(plaintext: string, aad?: string): EncryptedValue;
  decrypt(value: EncryptedValue, aad?: string): string;
}

/** A bad keyring or key configuration; a start-up problem, not a request problem. */
export class VaultKeyConfigError extends Error {
  override name = 'VaultKeyConfigError';
}

/** The value could not be decrypted: unknown key, wrong AAD, or modified/corrupted data. */
export class CardDecryptionError extends Error {
  override name = 'CardDecryptionError';
}

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Same alphabet the configuration accepts, and safe as a database column value. */
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function checkKey(entry: VaultKey): void {
  if (!KEY_ID_PATTERN.test(entry.id)) {
    throw new VaultKeyConfigError('vault key id must be 1 to 64 characters of A-Z, a-z, 0-9, "_" or "-"');
  }
  if (!Buffer.isBuffer(entry.key) || entry.key.length !== KEY_BYTES) {
    const got = Buffer.isBuffer(entry.key) ? `${entry.key.length} bytes` : 'no key';
    throw new VaultKeyConfigError(`vault key "${entry.id}" must be ${KEY_BYTES} bytes (AES-256), got ${got}`);
  }
}

export function createCardCipher(keys: readonly VaultKey[], activeKeyId: string): CardCipher {
  if (keys.length === 0) throw new VaultKeyConfigError('the vault keyring is empty');
  const ring = new Map<string, KeyObject>();
  for (const entry of keys) {
    checkKey(entry);
    if (ring.has(entry.id)) throw new VaultKeyConfigError(`vault key id "${entry.id}" appears twice`);
    // A KeyObject holds its own copy (a caller zeroing or reusing its buffer cannot change the ring), and
    // createCipheriv takes it as it is: a raw Buffer is checked and wrapped again at every call.
    ring.set(entry.id, createSecretKey(entry.key));
  }
  const activeKey = ring.get(activeKeyId);
  if (!activeKey) throw new VaultKeyConfigError(`active vault key "${activeKeyId}" is not in the keyring`);

  return {
    activeKeyId,
    encrypt(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, activeKey, iv, { authTagLength: TAG_BYTES });
      if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return { keyId: activeKeyId, ciphertext: Buffer.concat([iv, tag, body]).toString('base64url') };
    },
    decrypt(value, aad) {
      const key = ring.get(value.keyId);
      if (!key) throw new CardDecryptionError(`vault key "${value.keyId}" is not in the keyring`);
      const raw = Buffer.from(value.ciphertext, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES || raw.toString('base64url') !== value.ciphertext) {
        throw new CardDecryptionError('encrypted card data is malformed');
      }
      const iv = raw.subarray(0, IV_BYTES);
      const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
      const body = raw.subarray(IV_BYTES + TAG_BYTES);
      try {
        const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
        decipher.setAuthTag(tag);
        if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        // The library error says nothing useful beyond "authentication failed"; keep ours uniform.
        throw new CardDecryptionError(
          'encrypted card data failed authentication (tampered, wrong key or AAD)',
        );
      }
    },
  };
}

export interface ParsedVaultKeys {
  keys: VaultKey[];
  activeKeyId: string;
}

const BASE64_PATTERN = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Parses the `VAULT_ENCRYPTION_KEYS` configuration string `keyId:base64Key[,keyId:base64Key...]`.
 * Keys are standard base64 or base64url of exactly 32 random bytes (e.g. `openssl rand -base64 32`).
 *
 * The active key (used for new encryptions) is `activeKeyId` when given, otherwise the FIRST entry. Rotation:
 * put the new key first (or name it in `activeKeyId`) and keep the old keys listed until no row uses them.
 * Whitespace around entries is ignored. Throws VaultKeyConfigError naming the key id, never the key.
 */
export function parseVaultKeys(spec: string, activeKeyId?: string): ParsedVaultKeys {
  const entries = spec
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new VaultKeyConfigError('no vault keys configured');
  const keys = entries.map((entry, index): VaultKey => {
    const separator = entry.indexOf(':');
    if (separator <= 0) {
      throw new VaultKeyConfigError(`vault key entry ${index + 1} must look like "keyId:base64Key"`);
    }
    const id = entry.slice(0, separator).trim();
    const encoded = entry.slice(separator + 1).trim();
    if (!BASE64_PATTERN.test(encoded)) {
      throw new VaultKeyConfigError(`vault key "${id}" is not base64`);
    }
    const key = Buffer.from(encoded, encoded.includes('-') || encoded.includes('_') ? 'base64url' : 'base64');
    if (key.length !== KEY_BYTES) {
      throw new VaultKeyConfigError(
        `vault key "${id}" must decode to ${KEY_BYTES} bytes (AES-256), got ${key.length} bytes`,
      );
    }
    const parsed = { id, key };
    checkKey(parsed);
    return parsed;
  });
  const active = activeKeyId ?? keys[0]!.id;
  // Builds the cipher once so every keyring problem (duplicates, unknown active id) surfaces at parse time.
  createCardCipher(keys, active);
  return { keys, activeKeyId: active };
}
