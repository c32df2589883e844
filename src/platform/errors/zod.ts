import type { z } from 'zod';
import { fieldPath, inputTextProblems, MAX_PROBLEMS } from '../validation/json.ts';
import { invalidFields } from './domain-error.ts';
import { type FieldProblem, fieldProblem, UNKNOWN_FIELD_MESSAGE } from './field-problem.ts';

/**
 * Input validation, once for every face: a command parses what it was given (a REST body, a GraphQL input
 * mapped to the REST names, a CLI's options) with its zod schema through `parseOrThrow`, which also applies
 * the text rule to every string and key of the input (platform/validation). Every problem is reported, one per
 * field, with the service's wording: "is required" when missing, "must be …" for type and range, the allowed
 * values of an enum, unknown fields one by one.
 */

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

/** Parses with a schema or throws the 400 DomainError naming every offending field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = checkInput(schema, input);
  if (!result.ok) throw invalidFields(result.problems);
  return result.value;
}

/**
 * The text rule alone, for input a command takes without a schema (a search's query and sort from GraphQL
 * arguments): throws the 400 DomainError naming each offending field.
 */
export function assertWellFormedInput(input: unknown): void {
  const problems = inputTextProblems(input);
  if (problems.length > 0) throw invalidFields(problems);
}

export type CheckedInput<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

/** `parseOrThrow` without the throw, for callers that show problems themselves (the vault's card checks). */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown): CheckedInput<z.output<S>> {
  const result = schema.safeParse(input, { error: defaultMessage });
  const schemaProblems = result.success ? [] : problemsOf(result.error, input);
  // The schema's own word on a field wins; the text rule catches what no schema looked at.
  const unseen = inputTextProblems(input).filter(
    (problem) => !schemaProblems.some((seen) => covers(seen.field, problem.field)),
  );
  const problems = [...schemaProblems, ...unseen].slice(0, MAX_PROBLEMS);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: (result as { data: z.output<S> }).data };
}

function covers(outer: string | null, inner: string | null): boolean {
  if (outer === null) return true;
  return inner !== null && (inner === outer || inner.startsWith(`${outer}.`));
}

/** Every schema problem, one per field (an unknown-fields issue becomes one problem per field). */
export function problemsOf(error: z.ZodError, input: unknown): FieldProblem[] {
  return error.issues.flatMap((issue): FieldProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) =>
        fieldProblem(
          fieldPath([...(issue.path as (string | number)[]), key]),
          UNKNOWN_FIELD_MESSAGE,
          'unknown_field',
        ),
      );
    }
    const field = fieldPath(issue.path as (string | number)[]);
    if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
      const message = issue.message.startsWith('is required') ? issue.message : 'is required';
      return [fieldProblem(field, message, 'required')];
    }
    return [fieldProblem(field, issue.message, problemCode(issue))];
  });
}

function problemCode(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'never' ? 'not_accepted' : 'invalid_type';
    case 'invalid_value':
      return 'invalid_value';
    case 'invalid_format':
      return 'invalid_format';
    case 'too_small':
      return 'too_small';
    case 'too_big':
      return 'too_big';
    case 'custom': {
      const declared = (issue.params as { problem?: unknown } | undefined)?.problem;
      return typeof declared === 'string' ? declared : 'invalid';
    }
    default:
      return 'invalid';
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/**
 * The service's wording where a schema gives none of its own: "is required", "must be a string",
 * "must be at most 255 characters", "must be one of billing, shipping".
 */
function defaultMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${TYPE_NAMES[issue.expected] ?? `of type ${issue.expected}`}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${String(issue.values[0])}`
        : `must be one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return bound('at least', 'more than', issue.minimum, issue.origin, issue.inclusive);
    case 'too_big':
      return bound('at most', 'less than', issue.maximum, issue.origin, issue.inclusive);
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
      return 'is not in any of the accepted forms';
    case 'invalid_key':
      return 'has a field name that is not accepted';
    case 'invalid_element':
      return 'has an element that is not accepted';
    default:
      return 'is invalid';
  }
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'a JSON object',
  record: 'a JSON object',
  array: 'an array',
  tuple: 'an array',
  null: 'null',
  never: 'left out',
};

const FORMAT_MESSAGES: Readonly<Record<string, string>> = {
  email: 'must be an e-mail address',
  uuid: 'must be a uuid',
  guid: 'must be a uuid',
  url: 'must be a URL',
  ipv4: 'must be an IPv4 address',
  ipv6: 'must be an IPv6 address',
  datetime: 'must be an ISO 8601 date and time',
  regex: 'is not in the expected format',
};

function bound(
  inclusiveSide: string,
  exclusiveSide: string,
  limit: number | bigint,
  origin: string,
  inclusive = true,
): string {
  const amount = `${inclusive ? inclusiveSide : exclusiveSide} ${String(limit)}`;
  if (origin === 'string') return `must be ${amount} characters long`;
  if (origin === 'array' || origin === 'set') return `must have ${amount} items`;
  return `must be ${amount}`;
}
