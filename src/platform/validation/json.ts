import { z } from 'zod';
import { type FieldProblem, fieldProblem } from '../errors/field-problem.ts';
import { textProblem } from './text.ts';

/**
 * Structural rules for JSON input, all checked by walking the value with an explicit stack: no recursion, so
 * input nested ten thousand levels deep is refused with a 400 instead of overflowing the call stack.
 *
 * - a request body may nest at most `MAX_BODY_DEPTH` levels (checked before any route runs, http/body-guard.ts);
 * - free-form JSON fields (`extra`, `client`) are objects of at most `FREE_FORM_JSON.maxBytes` bytes of compact
 *   JSON nested at most `FREE_FORM_JSON.maxDepth` levels, their keys and strings obeying the text rule and their
 *   numbers finite (so what is stored is what was sent);
 * - every string and object key anywhere in a command's input obeys the text rule (`inputTextProblems`);
 * - free-form JSON that is stored as jsonb comes out of parsing with its keys in jsonb's order
 *   (`inJsonbKeyOrder`), so what a create answers is byte for byte what a later read answers.
 */

export const MAX_BODY_DEPTH = 64;
export const FREE_FORM_JSON = { maxDepth: 32, maxBytes: 16 * 1024 } as const;
/** A refused request names at most this many problems. */
export const MAX_PROBLEMS = 50;

type Segment = string | number;
const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** How deep `value` nests (a scalar 0, `{}` 1, `{"a":[]}` 2), counting no further than `limit + 1`. */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, isContainer(value) ? 1 : 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (depth > limit) return deepest;
    if (!isContainer(node)) continue;
    for (const child of Object.values(node)) if (isContainer(child)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const ECHOABLE = /^[A-Za-z0-9_-]{1,64}$/;
const LONG_DIGIT_RUN = /\d{8}/;

/**
 * A key as it may appear in a field path: names that look like field names are shown, anything else (which
 * could be a card number sent as a key, or control characters) is not.
 */
export function pathSegment(key: Segment): string {
  if (typeof key === 'number') return String(key);
  return ECHOABLE.test(key) && !LONG_DIGIT_RUN.test(key) ? key : '(unknown field)';
}

export function fieldPath(path: readonly Segment[]): string | null {
  return path.length ? path.map(pathSegment).join('.') : null;
}

const KEY_NUL = 'has a field name that contains the NUL character (U+0000)';
const KEY_SURROGATE = 'has a field name that contains an unpaired UTF-16 surrogate';

/**
 * Every string and key of a command's input that breaks the text rule, and any nesting deeper than the body
 * limit: one problem per offending place (at most `MAX_PROBLEMS`), named by its path in the input.
 */
export function inputTextProblems(input: unknown): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const stack: [unknown, Segment[]][] = [[input, []]];
  while (stack.length > 0 && problems.length < MAX_PROBLEMS) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      const problem = textProblem(node);
      if (problem) problems.push(fieldProblem(fieldPath(path), problem, 'invalid_text'));
      continue;
    }
    if (!isContainer(node)) continue;
    if (path.length >= MAX_BODY_DEPTH) {
      problems.push(
        fieldProblem(fieldPath(path), `must not be nested deeper than ${MAX_BODY_DEPTH} levels`, 'too_deep'),
      );
      continue;
    }
    const entries = Object.entries(node);
    // Pushed in reverse, so problems come out in the order the fields were sent.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, value] = entries[index]!;
      const segment: Segment = Array.isArray(node) ? index : key;
      const keyProblem = typeof segment === 'string' ? textProblem(segment) : null;
      if (keyProblem) {
        const message = keyProblem.includes('NUL') ? KEY_NUL : KEY_SURROGATE;
        problems.push(fieldProblem(fieldPath(path), message, 'invalid_text'));
        continue;
      }
      stack.push([value, [...path, segment]]);
    }
  }
  return problems;
}

/** The first way a free-form JSON value breaks the limits, as a message predicate and problem code. */
export function freeFormJsonProblem(
  value: unknown,
  limits: { maxDepth: number; maxBytes: number } = FREE_FORM_JSON,
): { message: string; code: string } | null {
  let bytes = 0;
  const stack: [unknown, Segment[]][] = [[value, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (!isContainer(node)) {
      if (typeof node === 'string') {
        const problem = textProblem(node);
        if (problem) return { message: `the value at ${insidePath(path)} ${problem}`, code: 'invalid_text' };
      }
      // 1e400 parses to Infinity, which JSON (and so the stored value) can only write as null.
      if (typeof node === 'number' && !Number.isFinite(node)) {
        return { message: `the number at ${insidePath(path)} must be finite`, code: 'invalid_value' };
      }
      bytes += scalarBytes(node);
    } else {
      if (path.length >= limits.maxDepth) {
        return { message: `must not be nested deeper than ${limits.maxDepth} levels`, code: 'too_deep' };
      }
      const array = Array.isArray(node);
      const entries = Object.entries(node);
      bytes += 2 + Math.max(0, entries.length - 1); // brackets and commas
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!;
        if (!array) {
          const problem = textProblem(key);
          if (problem) {
            return {
              message: `the field name at ${insidePath([...path, key])} ${problem}`,
              code: 'invalid_text',
            };
          }
          bytes += Buffer.byteLength(JSON.stringify(key)) + 1; // "key":
        }
        stack.push([child, [...path, array ? index : key]]);
      }
    }
    if (bytes > limits.maxBytes) {
      return { message: `must be at most ${limits.maxBytes / 1024} KiB of JSON`, code: 'too_big' };
    }
  }
  return null;
}

function insidePath(path: readonly Segment[]): string {
  return path.length ? path.map(pathSegment).join('.') : 'the top level';
}

function scalarBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(JSON.stringify(value));
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value).length;
  return 0;
}

/**
 * A free-form JSON object field (`extra`, `client`): stored and returned as sent, within the limits above, its
 * keys in jsonb's order (`inJsonbKeyOrder`). A zod record of unknown values, so an OpenAPI generator sees
 * `type: object`.
 */
export function freeFormJsonObject(limits: { maxDepth: number; maxBytes: number } = FREE_FORM_JSON) {
  return z
    .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
    .check(
      z.superRefine((value, ctx) => {
        const problem = freeFormJsonProblem(value, limits);
        if (problem)
          ctx.addIssue({ code: 'custom', message: problem.message, params: { problem: problem.code } });
      }),
    )
    .transform(inJsonbKeyOrder);
}

const UTF8 = new TextEncoder();
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * How PostgreSQL's jsonb orders an object's keys: shorter first (by UTF-8 bytes), keys of equal length bytewise.
 * (jsonb stores objects that way, whatever order they were sent in, and answers them that way.)
 */
export function compareJsonbKeys(a: string, b: string): number {
  if (!NON_ASCII.test(a) && !NON_ASCII.test(b)) {
    // ASCII: one byte per character, and code-unit order is byte order.
    return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  }
  const left = UTF8.encode(a);
  const right = UTF8.encode(b);
  return left.length - right.length || Buffer.compare(left, right);
}

/**
 * A copy of a JSON value whose objects list their keys in jsonb's order (`compareJsonbKeys`), at every depth,
 * arrays in their order: the value as a later read of the stored jsonb will give it. Applied once, where free-form
 * input is parsed, so a create's answer built from memory lists keys exactly as a later GET does. Walks with an
 * explicit stack (no recursion). Integer-like keys still come first in any JavaScript object, in a create's answer
 * and a read's alike.
 */
export function inJsonbKeyOrder<T>(value: T): T {
  if (!isContainer(value)) return value;
  const copyOf = (node: object): Record<string, unknown> =>
    (Array.isArray(node) ? [] : {}) as Record<string, unknown>;
  const root = copyOf(value);
  const stack: [Record<string, unknown>, Record<string, unknown>][] = [
    [value as Record<string, unknown>, root],
  ];
  while (stack.length > 0) {
    const [source, target] = stack.pop()!;
    const keys = Array.isArray(source) ? Object.keys(source) : Object.keys(source).sort(compareJsonbKeys);
    for (const key of keys) {
      const child = source[key];
      if (isContainer(child)) {
        const copy = copyOf(child);
        target[key] = copy;
        stack.push([child as Record<string, unknown>, copy]);
      } else {
        target[key] = child;
      }
    }
  }
  return root as T;
}
