import { randomUUID } from 'node:crypto';

/** A fresh single-use setup token (spec 2.4), for a transaction whose method issues one. */
export function issueSetupToken(): string {
  return randomUUID();
}
