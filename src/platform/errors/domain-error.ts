import { type FieldProblem, fieldProblem, problemOfMessage, summarizeProblems } from './field-problem.ts';

/**
 * The one error type commands return. `kind` decides the HTTP status (mapped once, in the REST adapter) and
 * `code` is the stable machine-readable identifier clients branch on (REST `error.type`, GraphQL
 * `userErrors.code`). `problems` names each offending input field (REST `error.fields`, one GraphQL
 * `userErrors` entry each); it is empty when the error is about no field in particular.
 */
export type DomainErrorKind =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'gone'
  | 'rate_limited';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: string;
  /** The first offending field, or null. */
  readonly field: string | null;
  readonly problems: readonly FieldProblem[];

  /**
   * `message` is the whole human summary (REST `value`). With a `field` and no `problems`, the error is one
   * problem with that field, whose message is `message` without a leading `field: `.
   *
   * A refusal the caller is told about (401, 404, 409, ...), never a fault to debug: no stack trace is captured,
   * which is most of what constructing an error costs (an unknown API key's 401 is on a hot path).
   */
  constructor(
    kind: DomainErrorKind,
    code: string,
    message: string,
    field: string | null = null,
    problems?: readonly FieldProblem[],
  ) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    this.problems = problems ?? (field ? [problemOfMessage(field, message, code)] : []);
    this.field = field ?? this.problems[0]?.field ?? null;
  }
}

/** Too many requests (429): the client may try again after `retryAfterSeconds` (REST `Retry-After`). */
export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('rate_limited', 'rate_limited', `Too many requests: retry after ${retryAfterSeconds} second(s)`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: DomainError };

/** Runs a use case; a thrown DomainError (which also rolls back its database transaction) becomes a result. */
export async function attempt<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error };
    throw error;
  }
}

export const notFound = (what: string, field: string | null = null) =>
  new DomainError('not_found', 'not_found', `${what} not found`, field);

/**
 * Input the rules refuse (400): one problem per offending field, all of them at once. `code` is the REST
 * `type` (`invalid_request` unless a more specific one applies).
 */
export function invalidFields(problems: readonly FieldProblem[], code = 'invalid_request'): DomainError {
  return new DomainError('invalid_request', code, summarizeProblems(problems), null, problems);
}

/**
 * One refused field: `invalid('amount', 'must be at most the authorized amount of …')`. `message` is a
 * predicate on the field (see field-problem.ts); `problem` is its `fields[].code`.
 */
export const invalid = (
  field: string | null,
  message: string,
  code = 'invalid_request',
  problem: string = 'invalid',
) => invalidFields([fieldProblem(field, message, problem)], code);

/**
 * Builds an expected refusal (a 401, a rate limit) without capturing a stack trace: they are answered by the
 * thousand under attack, a stack says nothing about them, and capturing one is most of their cost.
 */
export function withoutStack<E extends Error>(make: () => E): E {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
