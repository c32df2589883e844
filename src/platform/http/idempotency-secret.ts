import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/index.ts';
import { developmentSecret } from '../security/dev-secret.ts';

/** Where a development secret is kept when IDEMPOTENCY_SECRET is unset (never in production). */
export const IDEMPOTENCY_DEV_SECRET_FILE = 'idempotency-dev-secret';

export class IdempotencySecretError extends Error {}

/**
 * The HMAC key of idempotency fingerprints (and, derived from it, the seal of stored answers that show a
 * credential: stored-answer-seal.ts): `IDEMPOTENCY_SECRET` (required in production), or outside
 * production a random one generated once under `DATA_DIR`, so every process on that directory agrees.
 * Every process of one deployment needs the same value; changing it makes keys in use within their 24 hours
 * answer `idempotency_key_reused` to a retry.
 */
export function loadIdempotencySecret(config: AppConfig): Buffer {
  if (config.idempotencySecret) return Buffer.from(config.idempotencySecret, 'utf8');
  if (config.env === 'production')
    throw new IdempotencySecretError('IDEMPOTENCY_SECRET is required in production');
  const secret = developmentSecret(config.dataDir, IDEMPOTENCY_DEV_SECRET_FILE, () =>
    randomBytes(32).toString('base64'),
  );
  return Buffer.from(secret, 'utf8');
}
