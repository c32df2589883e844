import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id's cost: memory in KiB, iterations, lanes. */
export interface PasswordHashingCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * Passwords are hashed with argon2id (the `argon2` package, the reference C implementation) at OWASP's
 * recommended minimum: 19 MiB of memory, 2 iterations, 1 lane. The PHC string keeps its parameters, so raising
 * them later still verifies older hashes. Only code can choose another cost (`ServiceOverrides`): the tests'
 * in-thread apps hash at a cheap one, as Django's and Rails' test settings do, because a run hashes and verifies
 * some hundreds of passwords at about 55 ms of CPU each.
 */
export const PASSWORD_HASHING: PasswordHashingCost = {
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
};

export const PASSWORD_MIN_LENGTH = 12;
/** Longer input is refused before hashing, so a huge "password" costs nothing. */
export const PASSWORD_MAX_LENGTH = 256;

export function hashPassword(
  password: string,
  cost: PasswordHashingCost = PASSWORD_HASHING,
): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

export async function passwordMatches(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** One hash nobody has, per cost (a process hashes at one cost; the tests' threads may hold two). */
const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the time of one verification on a hash nobody has, made at the cost new hashes get, so an unknown
 * e-mail address is answered as slowly as a wrong password and the timing tells nothing about which addresses
 * have accounts.
 */
export async function spendVerificationTime(
  password: string,
  cost: PasswordHashingCost = PASSWORD_HASHING,
): Promise<void> {
  const key = `${cost.memoryCost},${cost.timeCost},${cost.parallelism}`;
  let dummyHash = dummyHashes.get(key);
  if (!dummyHash) {
    dummyHash = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(key, dummyHash);
  }
  await passwordMatches(await dummyHash, password);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A generated password: 20 characters without look-alikes (about 116 bits). */
export function generatePassword(): string {
  let password = '';
  while (password.length < 20) {
    for (const byte of randomBytes(32)) {
      // Rejection sampling keeps every character uniformly likely.
      if (byte < 256 - (256 % ALPHABET.length)) password += ALPHABET[byte % ALPHABET.length];
      if (password.length === 20) break;
    }
  }
  return password;
}
