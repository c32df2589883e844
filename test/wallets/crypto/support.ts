import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isWalletTokenError, type WalletTokenError } from '../../../src/modules/wallets/crypto/index.ts';

/**
 * The shared public test vectors in `shared/vectors` next to the repository, or next to a folder above it
 * (a git worktree checked out one level deeper, e.g. `wt/<branch>`, finds the same vectors).
 */
export const vectorsDir = findVectorsDir(process.cwd());

function findVectorsDir(start: string): string {
  const nextToRepository = path.resolve(start, '../shared/vectors');
  for (let dir = path.dirname(start); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared/vectors');
    if (existsSync(candidate)) return candidate;
  }
  return nextToRepository;
}

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
