import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A session token: 256 random bits, base64url. Only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A well-formed token (anything else is refused without a lookup). */
export function isWellFormedSessionToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * The CSRF token of a session, derived from its token (HMAC-SHA256 keyed with the token): nothing more to
 * store, the same value on every `GET …/session` after a reload, and unknowable without the HttpOnly cookie.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('csrf').digest('base64url');
}

export function csrfTokenMatches(sessionToken: string, presented: unknown): boolean {
  if (typeof presented !== 'string' || presented.length === 0 || presented.length > 100) return false;
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
