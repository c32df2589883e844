import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Opt-in webhook signatures: `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` where the HMAC key is
 * the project's secret (the whole `whsec_...` string, as UTF-8) and the message is `<t>.<raw body>`. Signing
 * the timestamp lets receivers reject replays of old requests.
 */
export const SIGNATURE_HEADER = 'webhook-signature';

export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signatureHeader(secret: string, timestampSeconds: number, rawBody: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/**
 * What a receiver does (and what the docs show): recompute the HMAC over the raw body, compare in constant
 * time, and refuse timestamps further than `toleranceSeconds` from its own clock.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const index = part.indexOf('=');
      return [part.slice(0, index).trim(), part.slice(index + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(timestamp) || !given || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
