import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com) headers on every delivery:
 *
 * - `webhook-id`: the event's id, the same on every attempt of it, so receivers can deduplicate;
 * - `webhook-timestamp`: the attempt's Unix time in seconds, so receivers can refuse replays;
 * - `webhook-signature` (when signing is on): `v1,<base64 HMAC-SHA256>` over `<id>.<timestamp>.<raw body>`, keyed
 *   with the base64-decoded part of the `whsec_…` secret. During a rotation's overlap the request carries one
 *   signature per valid secret, space-separated, newest first: a receiver with either secret verifies it.
 *
 * Receivers verify with any Standard Webhooks library (the README shows the `standardwebhooks` npm package).
 */
export const ID_HEADER = 'webhook-id';
export const TIMESTAMP_HEADER = 'webhook-timestamp';
export const SIGNATURE_HEADER = 'webhook-signature';

/** A new secret: `whsec_` and 32 random bytes in base64, the Standard Webhooks form. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** One `v1,<base64>` signature of `<id>.<timestamp>.<body>`. */
export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  // Node's base64 decoding also reads the base64url secrets issued before Standard Webhooks.
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The Standard Webhooks headers of one request; `secrets` newest first, empty when signing is off. */
export function standardWebhookHeaders(message: {
  id: string;
  timestampSeconds: number;
  body: string;
  secrets: readonly string[];
}): Record<string, string> {
  const headers: Record<string, string> = {
    [ID_HEADER]: message.id,
    [TIMESTAMP_HEADER]: String(message.timestampSeconds),
  };
  if (message.secrets.length > 0) {
    headers[SIGNATURE_HEADER] = message.secrets
      .map((secret) => sign(secret, message.id, message.timestampSeconds, message.body))
      .join(' ');
  }
  return headers;
}
