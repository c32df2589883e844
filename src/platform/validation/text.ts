import { z } from 'zod';

/**
 * The text rule every string the service accepts obeys, whatever face it comes through (REST, GraphQL, the
 * hosted forms, the command line): no NUL character and no unpaired UTF-16 surrogate. PostgreSQL cannot store
 * NUL in text or JSON, and encodes a lone surrogate as U+FFFD (or refuses it in JSON), so such a value would
 * either fail or come back different from what was sent. Refusing it keeps "what a create returns is exactly
 * what a later GET returns".
 *
 * Schemas declare their strings with `text(…)`; `parseOrThrow` (platform/errors/zod.ts) also walks the whole
 * input with `inputTextProblems` (json.ts), so a string no schema looked at (object keys, free-form JSON, a
 * plain `z.string()`) cannot slip through.
 */

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
export const SURROGATE_MESSAGE =
  'must be valid Unicode text: it contains an unpaired UTF-16 surrogate (\\ud800-\\udfff)';

/** Why `value` breaks the text rule, as a message predicate; null when it obeys it. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return SURROGATE_MESSAGE;
  return null;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Removes what the text rule refuses, for text that is only shown again (a form's echo), never stored. */
export function wellFormedText(value: string): string {
  return value.replaceAll('\u0000', '').replace(LONE_SURROGATES, '\ufffd');
}

/** The text rule as a zod check, for string schemas built otherwise (`z.email().check(textRule)`). */
export const textRule = z.superRefine<string>((value, ctx) => {
  const problem = textProblem(value);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem, params: { problem: 'invalid_text' }, continue: false });
  }
});

export interface TextOptions {
  /** Largest length in UTF-16 code units (what JavaScript's `length` counts). */
  max: number;
  /** Smallest length after trimming; 0 by default. */
  min?: number;
  /** Trim white space at both ends before the checks (and store the trimmed value). */
  trim?: boolean;
}

/**
 * A text field: a string of at most `max` characters that obeys the text rule, with the service's wording
 * ("must be a string", "must be at most 255 characters"). Zod refinements survive an OpenAPI conversion as a
 * plain string schema with `maxLength`.
 */
export function text(options: TextOptions) {
  const { max, min = 0, trim = false } = options;
  const base = z.string({ error: 'must be a string' });
  const checked = (trim ? base.trim() : base).check(textRule);
  const bounded =
    min > 0
      ? checked.min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`)
      : checked;
  return bounded.max(max, `must be at most ${max} characters`);
}
