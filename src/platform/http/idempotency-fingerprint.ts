import { createHash } from 'node:crypto';
import { SENSITIVE_FIELDS } from '../security/sensitive-fields.ts';

/**
 * What identifies "the same request" for an idempotency key: method, path (trailing and duplicate slashes
 * ignored, as the router ignores them), query string and the body as canonical JSON (object keys sorted, so
 * the order a client serialises fields in does not matter). Pure functions, no I/O.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Printable ASCII without spaces at the ends, 1 to 255 characters: UUIDs, ULIDs and the like. */
const KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

export function isValidIdempotencyKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Card data and secrets are masked before hashing: the stored fingerprint must not become a brute-forceable
 * hash of a card number (PCI DSS). A card number keeps only its last four digits, which may be shown anyway.
 * Same names as the log redaction (platform/http/logger.ts).
 */
const SENSITIVE_KEYS = new Set(SENSITIVE_FIELDS);

function mask(value: unknown): string {
  const digits =
    typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\D/g, '') : '';
  return digits.length >= 12 ? `[masked …${digits.slice(-4)}]` : '[masked]';
}

/** JSON with object keys sorted at every depth and card data masked; `undefined` (no body) becomes `null`. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value)) ?? 'null';
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, SENSITIVE_KEYS.has(key) ? mask(record[key]) : canonical(record[key])]),
    );
  }
  return value ?? null;
}

export function normalizePath(url: string): { path: string; query: string } {
  const [rawPath = '/', query = ''] = url.split('?', 2);
  const path = rawPath.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  return { path, query };
}

export function requestFingerprint(method: string, url: string, body: unknown): string {
  const { path, query } = normalizePath(url);
  const bodyText = typeof body === 'string' ? body : canonicalJson(body);
  return createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), path, query, bodyText]))
    .digest('hex');
}
