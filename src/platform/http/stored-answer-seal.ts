import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Marks a stored body as sealed; a plain stored body is an HTTP answer's JSON, which never starts with it. */
const SEALED = 'sealed:v1:';

export class StoredAnswerSealError extends Error {}

/**
 * The seal of the stored answers that hold a credential shown once (an API key's secret, a generated password:
 * the SDL's `@shownOnce`). Such an answer is still stored for its Idempotency-Key, so that a retry after a lost
 * answer gets the credential instead of making a second one, but as AES-256-GCM ciphertext: the database keeps
 * no clear copy of a secret it otherwise keeps only as a hash (or not at all), and a backup, a replica or a
 * reader of `idempotency_keys` learns nothing from it. The key is derived (HKDF-SHA256) from the idempotency
 * secret, which every process of a deployment shares already; the additional data binds a sealed answer to its
 * project, key and caller, so it opens only where it was stored, for whoever stored it.
 */
export interface AnswerSeal {
  seal(body: string, boundTo: string): string;
  /** The body as it was answered; a plain stored body as it is. */
  open(stored: string, boundTo: string): string;
}

export function answerSeal(idempotencySecret: Buffer): AnswerSeal {
  const key = createSecretKey(
    Buffer.from(hkdfSync('sha256', idempotencySecret, Buffer.alloc(0), 'idempotency stored answer seal', 32)),
  );
  return {
    seal(body, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
      return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(stored, boundTo) {
      if (!stored.startsWith(SEALED)) return stored;
      const raw = Buffer.from(stored.slice(SEALED.length), 'base64url');
      try {
        const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        decipher.setAAD(Buffer.from(boundTo, 'utf8'));
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new StoredAnswerSealError('a sealed stored answer failed authentication (tampered or moved)');
      }
    },
  };
}
