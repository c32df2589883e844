import { createHmac } from 'node:crypto';
import { SENSITIVE_FIELDS } from '../security/sensitive-fields.ts';

/**
 * What identifies "the same request" for an idempotency key: method, path (trailing and duplicate slashes
 * ignored, as the router ignores them), query string and the body as canonical JSON (object keys sorted, so
 * the order a client serialises fields in does not matter). Pure functions, no I/O.
 *
 * The stored fingerprint is an HMAC-SHA256 under a server secret (`IDEMPOTENCY_SECRET`), computed over the
 * canonical request with its card fields left out: a fingerprint must never become a hash someone could test
 * the card number of a stored card against, even holding the secret and the truncated PAN beside it (PCI DSS).
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Printable ASCII without spaces at the ends, 1 to 255 characters: UUIDs, ULIDs and the like. */
const KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

export function isValidIdempotencyKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Card data and secrets are removed before hashing, field and value: the same names as the log redaction
 * (platform/http/logger.ts). Two requests that differ only in these fields therefore count as the same request.
 *
 * Every other value takes part as it is, digits included, even a run that passes the Luhn check: shops number
 * orders that way (a 16-digit `merchant_order_id` that passes it), and cutting such runs out made two different
 * orders one request, the second answered the first's order. A card number typed where none belongs (a
 * description, a GraphQL document, which refuses it: graphql/card-literals.ts) is thus covered by the keyed
 * HMAC of the whole request, which PCI DSS accepts (a keyed hash under a key kept apart from the data), never
 * by an unkeyed hash, and no truncated PAN of it is kept to narrow a guess.
 */
const SENSITIVE_KEYS = new Set(SENSITIVE_FIELDS);

/** JSON with object keys sorted at every depth and card fields removed; `undefined` (no body) becomes `null`. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value)) ?? 'null';
}

// Bodies are at most 64 levels deep here (platform/http/server.ts refuses deeper ones before this runs).
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .filter((key) => !SENSITIVE_KEYS.has(key))
        .sort()
        .map((key) => [key, canonical(record[key])]),
    );
  }
  return value ?? null;
}

export function normalizePath(url: string): { path: string; query: string } {
  const [rawPath = '/', query = ''] = url.split('?', 2);
  const path = rawPath.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  return { path, query };
}

/** The keyed fingerprint of a request: HMAC-SHA256 under `secret`, hex. */
export function requestFingerprint(secret: Buffer, method: string, url: string, body: unknown): string {
  const { path, query } = normalizePath(url);
  const bodyText = typeof body === 'string' ? body : canonicalJson(body);
  return createHmac('sha256', secret)
    .update(JSON.stringify([method.toUpperCase(), path, query, bodyText]))
    .digest('hex');
}
