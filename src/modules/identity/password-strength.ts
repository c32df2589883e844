import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { invalid } from '../../platform/errors/domain-error.ts';
import { identityErrors } from './errors.ts';

/** The product's own name and words: a password made of them is guessed first. */
const PRODUCT_WORDS = ['payments', 'gateway', 'payments gateway', 'payment', 'portal', 'merchant'];

/**
 * zxcvbn's score a password needs (0–4): 3 is "safely unguessable: moderate protection from an offline
 * slow-hash scenario" (about 10^8 guesses and up), which an online attacker under the sign-in limits never
 * reaches (docs/users-and-keys.md).
 */
export const MIN_PASSWORD_SCORE = 3;

/** How much of a password zxcvbn scores (its `maxLength`). */
export const STRENGTH_CHECKED_LENGTH = 64;

// Built once, on the first password to check: the dictionaries are 1.6 MB of code that every process (and every
// test file) would otherwise parse and decompress at start, though most never check a password.
let estimator: Promise<ZxcvbnFactory> | null = null;

function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
      // zxcvbn runs on the event loop, and its time grows fast with length and with l33t look-alikes: a
      // 256-character password of symbols took 1-5 s, stalling every request of the process (any signed-in
      // user could send one). Its first 64 characters decide (longer is strong by length anyway), with at most
      // 16 l33t substitutions tried: under 90 ms for the worst inputs measured.
      maxLength: STRENGTH_CHECKED_LENGTH,
      l33tMaxSubstitutions: 16,
    });
  })();
  return estimator;
}

/**
 * Refuses a password a guesser would find soon (@zxcvbn-ts/core with the common and English dictionaries: common
 * passwords, words, names, keyboard walks, repeats, dates, l33t), checked also against the user's own e-mail
 * address and the product's name. A 400 naming `field`, with zxcvbn's own advice. Length (12 to 256) is the
 * input schema's to check, before this.
 */
export async function refuseWeakPassword(
  password: string,
  user: { email: string },
  field: string,
): Promise<void> {
  const [local, domain] = user.email.split('@');
  const inputs = [user.email, local ?? '', ...(domain ?? '').split('.'), ...PRODUCT_WORDS].filter(
    (input) => input.length >= 3,
  );
  const result = (await strengthEstimator()).check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  throw invalid(
    field,
    `is too easy to guess${advice ? `: ${advice}` : ''}`,
    identityErrors.code.weak_password,
    identityErrors.code.weak_password,
  );
}
