import { randomBytes } from 'node:crypto';
import {
  CardDecryptionError,
  createCardCipher,
  parseVaultKeys,
  VaultKeyConfigError,
} from '../../src/modules/vault/card-crypto.ts';

const PAN = '4111111111111111';
const keyOne = { id: 'k1', key: randomBytes(32) };
const keyTwo = { id: 'k2', key: randomBytes(32) };

/** The error `action` throws; fails the test when it does not throw. */
function errorFrom(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to throw');
}

function flipByte(ciphertext: string, index: number): string {
  const raw = Buffer.from(ciphertext, 'base64url');
  raw[index] = raw[index]! ^ 0x01;
  return raw.toString('base64url');
}

describe('card cipher', () => {
  it('decrypts what it encrypted, under the active key id', () => {
    const cipher = createCardCipher([keyOne, keyTwo], 'k2');
    const encrypted = cipher.encrypt(PAN);
    expect(encrypted.keyId).toBe('k2');
    expect(cipher.decrypt(encrypted)).toBe(PAN);
  });

  it('stores base64url of a 12-byte IV, a 16-byte tag and the ciphertext, without the plaintext', () => {
    const encrypted = createCardCipher([keyOne], 'k1').encrypt(PAN);
    expect(encrypted.ciphertext).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(encrypted.ciphertext, 'base64url')).toHaveLength(12 + 16 + PAN.length);
    expect(encrypted.ciphertext).not.toContain(PAN);
  });

  it('uses a fresh IV for every encryption of the same value', () => {
    const cipher = createCardCipher([keyOne], 'k1');
    const first = Buffer.from(cipher.encrypt(PAN).ciphertext, 'base64url');
    const second = Buffer.from(cipher.encrypt(PAN).ciphertext, 'base64url');
    expect(first.subarray(0, 12).equals(second.subarray(0, 12))).toBe(false);
    expect(first.equals(second)).toBe(false);
  });

  it('still decrypts rows written under the old key after the active key is rotated', () => {
    const before = createCardCipher([keyOne], 'k1');
    const oldRow = before.encrypt(PAN, 'token-1');
    const after = createCardCipher([keyTwo, keyOne], 'k2');
    const newRow = after.encrypt('5555555555554444', 'token-2');
    expect(newRow.keyId).toBe('k2');
    expect(after.decrypt(oldRow, 'token-1')).toBe(PAN);
    expect(after.decrypt(newRow, 'token-2')).toBe('5555555555554444');
  });

  it('refuses a row whose key is no longer in the ring', () => {
    const oldRow = createCardCipher([keyOne], 'k1').encrypt(PAN);
    const cipher = createCardCipher([keyTwo], 'k2');
    expect(() => cipher.decrypt(oldRow)).toThrow(CardDecryptionError);
  });

  it.each([
    ['the IV', 0],
    ['the auth tag', 12],
    ['the ciphertext', 28],
  ])('rejects a ciphertext with a changed byte in %s', (_part, index) => {
    const cipher = createCardCipher([keyOne], 'k1');
    const encrypted = cipher.encrypt(PAN);
    expect(() => cipher.decrypt({ ...encrypted, ciphertext: flipByte(encrypted.ciphertext, index) })).toThrow(
      CardDecryptionError,
    );
  });

  it('rejects a truncated ciphertext', () => {
    const cipher = createCardCipher([keyOne], 'k1');
    const raw = Buffer.from(cipher.encrypt(PAN).ciphertext, 'base64url');
    const truncated = raw.subarray(0, raw.length - 1).toString('base64url');
    expect(() => cipher.decrypt({ keyId: 'k1', ciphertext: truncated })).toThrow(CardDecryptionError);
    expect(() => cipher.decrypt({ keyId: 'k1', ciphertext: 'c2hvcnQ' })).toThrow(CardDecryptionError);
  });

  it('rejects a ciphertext presented under a different key id', () => {
    const cipher = createCardCipher([keyOne, keyTwo], 'k1');
    const encrypted = cipher.encrypt(PAN);
    expect(() => cipher.decrypt({ ...encrypted, keyId: 'k2' })).toThrow(CardDecryptionError);
  });

  it('binds a ciphertext to its AAD, so it cannot be moved to another row', () => {
    const cipher = createCardCipher([keyOne], 'k1');
    const encrypted = cipher.encrypt(PAN, 'token-a');
    expect(cipher.decrypt(encrypted, 'token-a')).toBe(PAN);
    expect(() => cipher.decrypt(encrypted, 'token-b')).toThrow(CardDecryptionError);
    expect(() => cipher.decrypt(encrypted)).toThrow(CardDecryptionError);
  });

  it('never puts the card number into a decryption error', () => {
    const cipher = createCardCipher([keyOne], 'k1');
    const encrypted = cipher.encrypt(PAN);
    const error = errorFrom(() =>
      cipher.decrypt({ ...encrypted, ciphertext: flipByte(encrypted.ciphertext, 30) }),
    );
    expect(error).toBeInstanceOf(CardDecryptionError);
    expect(error.message).not.toContain(PAN);
  });

  it('refuses a keyring with a wrong key length, a duplicate id, an empty ring or an unknown active id', () => {
    expect(() => createCardCipher([{ id: 'short', key: randomBytes(16) }], 'short')).toThrow(
      /must be 32 bytes.*got 16 bytes/,
    );
    expect(() => createCardCipher([keyOne, { id: 'k1', key: randomBytes(32) }], 'k1')).toThrow(
      /appears twice/,
    );
    expect(() => createCardCipher([], 'k1')).toThrow(VaultKeyConfigError);
    expect(() => createCardCipher([keyOne], 'k9')).toThrow(/active vault key "k9" is not in the keyring/);
    expect(() => createCardCipher([{ id: 'bad:id', key: randomBytes(32) }], 'bad:id')).toThrow(
      VaultKeyConfigError,
    );
  });
});

describe('parseVaultKeys', () => {
  const base64One = keyOne.key.toString('base64');
  const base64urlTwo = keyTwo.key.toString('base64url');

  it('parses "id:base64" entries and makes the first one active', () => {
    const parsed = parseVaultKeys(`k1:${base64One},k2:${base64urlTwo}`);
    expect(parsed.activeKeyId).toBe('k1');
    expect(parsed.keys.map((entry) => entry.id)).toEqual(['k1', 'k2']);
    expect(parsed.keys[0]!.key.equals(keyOne.key)).toBe(true);
    expect(parsed.keys[1]!.key.equals(keyTwo.key)).toBe(true);
  });

  it('uses an explicitly chosen active key', () => {
    expect(parseVaultKeys(`k1:${base64One},k2:${base64urlTwo}`, 'k2').activeKeyId).toBe('k2');
  });

  it('ignores whitespace around entries', () => {
    expect(parseVaultKeys(` k1:${base64One} , k2:${base64urlTwo} `).keys).toHaveLength(2);
  });

  it('gives a cipher that decrypts with the same keys', () => {
    const parsed = parseVaultKeys(`k1:${base64One}`);
    const encrypted = createCardCipher([keyOne], 'k1').encrypt(PAN);
    expect(createCardCipher(parsed.keys, parsed.activeKeyId).decrypt(encrypted)).toBe(PAN);
  });

  it('names the key and the byte count, but not the key, when a key has the wrong length', () => {
    const shortKey = randomBytes(24).toString('base64');
    const error = errorFrom(() => parseVaultKeys(`k1:${base64One},old:${shortKey}`));
    expect(error).toBeInstanceOf(VaultKeyConfigError);
    expect(error.message).toBe('vault key "old" must decode to 32 bytes (AES-256), got 24 bytes');
    expect(error.message).not.toContain(shortKey);
  });

  it.each([
    ['an empty string', ''],
    ['an entry without a key id', `:${base64One}`],
    ['an entry without a separator', base64One],
    ['a key that is not base64', 'k1:not base64!'],
  ])('refuses %s', (_case, spec) => {
    expect(() => parseVaultKeys(spec)).toThrow(VaultKeyConfigError);
  });

  it('refuses an explicit active key id that is not configured', () => {
    expect(() => parseVaultKeys(`k1:${base64One}`, 'k2')).toThrow(/active vault key "k2"/);
  });

  it('refuses the same key id twice', () => {
    expect(() => parseVaultKeys(`k1:${base64One},k1:${base64urlTwo}`)).toThrow(/appears twice/);
  });
});
