import { hash } from 'node:crypto';

/**
 * What a secret credential (an API key) is stored, cached and counted by: its SHA-256 in hex. The credentials
 * are long random strings, so a fast hash cannot be brute-forced; nothing keyed by it holds the secret.
 */
export function credentialDigest(secret: string): string {
  return hash('sha256', secret, 'hex');
}
