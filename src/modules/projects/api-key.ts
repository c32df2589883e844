import { createHash, randomBytes } from 'node:crypto';
import type { ProjectMode } from './project.entity.ts';

/** `pk_test_…` / `pk_live_…` followed by 32 base62 characters (about 190 bits of entropy). */
const KEY_PATTERN = /^pk_(test|live)_[0-9A-Za-z]{32}$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function generateApiKey(mode: ProjectMode): string {
  const bytes = randomBytes(64);
  let body = '';
  // Rejection sampling keeps every character uniformly likely.
  for (const byte of bytes) {
    if (byte < 248) body += ALPHABET[byte % 62];
    if (body.length === 32) break;
  }
  if (body.length < 32) return generateApiKey(mode);
  return `pk_${mode}_${body}`;
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The visible part of a key: its mode and first four characters, e.g. `pk_test_AbCd`. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, 12);
}
