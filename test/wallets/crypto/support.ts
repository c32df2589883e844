import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isWalletTokenError, type WalletTokenError } from '../../../src/modules/wallets/crypto/index.ts';

/**
 * The public wallet test vectors, kept in the repository (test/fixtures/wallet-vectors/, whose README names each
 * file's source and licence): a bare clone has everything its tests read.
 */
export const vectorsDir = fileURLToPath(new URL('../../fixtures/wallet-vectors/', import.meta.url));

export function readVector(...segments: string[]): string {
  return readFileSync(path.join(vectorsDir, ...segments), 'utf8');
}

/** Runs `open` and returns the WalletTokenError it throws; fails the test when it throws nothing else. */
export function walletErrorFrom(open: () => unknown): WalletTokenError {
  try {
    open();
  } catch (error) {
    if (isWalletTokenError(error)) return error;
    throw error;
  }
  throw new Error('Expected a WalletTokenError, but nothing was thrown');
}

/** Flips one bit of the byte at `index` (negative counts from the end) of a Base64 value. */
export function flipBase64Bit(value: string, index: number): string {
  const bytes = Buffer.from(value, 'base64');
  const position = index < 0 ? bytes.length + index : index;
  bytes[position] = bytes[position]! ^ 0x01;
  return bytes.toString('base64');
}
