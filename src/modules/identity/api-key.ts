import { randomBytes } from 'node:crypto';
import { credentialDigest } from '../../platform/auth/credential-digest.ts';

export type KeyMode = 'test' | 'live';

/**
 * `sk_test_…` / `sk_live_…` followed by 32 base62 characters (about 190 bits of entropy): `sk_` says "secret
 * key", as at other gateways, where `pk_` reads as a publishable, browser-safe key. Keys issued before with
 * `pk_` keep working.
 */
const KEY_PATTERN = /^(sk|pk)_(test|live)_[0-9A-Za-z]{32}$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function generateApiKey(mode: KeyMode): string {
  const bytes = randomBytes(64);
  let body = '';
  // Rejection sampling keeps every character uniformly likely.
  for (const byte of bytes) {
    if (byte < 248) body += ALPHABET[byte % 62];
    if (body.length === 32) break;
  }
  if (body.length < 32) return generateApiKey(mode);
  return `sk_${mode}_${body}`;
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** SHA-256 of the whole key: keys are 190-bit random, so a fast hash cannot be brute-forced. */
export function hashApiKey(key: string): string {
  return credentialDigest(key);
}

/** The visible part of a key: its kind, mode and first four characters, e.g. `sk_test_AbCd`. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, 12);
}
