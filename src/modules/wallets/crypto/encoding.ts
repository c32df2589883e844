import { tokenCode, WalletTokenError } from './errors.ts';

// Buffer.from(x, 'base64') silently skips bad characters, so tokens are checked against the alphabet first.
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;
const hexPattern = /^(?:[0-9a-fA-F]{2})*$/;

/** Decodes standard Base64 (padding optional) or throws `malformed_token` naming the field. */
export function decodeBase64Field(value: unknown, field: string): Buffer {
  if (typeof value !== 'string' || value.length === 0 || !base64Pattern.test(value)) {
    throw new WalletTokenError(tokenCode.malformed_token, `${field} is not a Base64 string`);
  }
  return Buffer.from(value, 'base64');
}

/** Decodes an even-length hex string or throws `malformed_token` naming the field. */
export function decodeHexField(value: unknown, field: string): Buffer {
  if (typeof value !== 'string' || !hexPattern.test(value)) {
    throw new WalletTokenError(tokenCode.malformed_token, `${field} is not a hex string`);
  }
  return Buffer.from(value, 'hex');
}

/** A non-empty string field, or `malformed_token`. */
export function requireStringField(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new WalletTokenError(tokenCode.malformed_token, `${field} is missing or not a string`);
  }
  return value;
}

/** A token as given: its JSON text (as the wallet returns it) parsed, an object passed through. */
export function tokenValue(token: unknown): unknown {
  if (typeof token !== 'string') return token;
  try {
    return JSON.parse(token);
  } catch {
    throw new WalletTokenError(tokenCode.malformed_token, 'The token is not valid JSON');
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The DER bytes of the first PEM block with the given label (e.g. CERTIFICATE), or undefined. */
export function pemBlockToDer(pem: string, label: string): Buffer | undefined {
  const match = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`).exec(pem);
  return match ? Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64') : undefined;
}

/** DER length octets for a content of `length` bytes (short form below 128, long form above). */
export function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const octets: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  return Buffer.from([0x80 | octets.length, ...octets]);
}

/** A DER TLV with the given single-byte tag. */
export function derTlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);
}
