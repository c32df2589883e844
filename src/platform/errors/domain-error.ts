/**
 * The one error type commands return. `kind` decides the HTTP status (mapped once, in the REST adapter) and
 * `code` is the stable machine-readable identifier clients branch on (REST `error.type`, GraphQL
 * `userErrors.code`).
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
  readonly field: string | null;

  constructor(kind: DomainErrorKind, code: string, message: string, field: string | null = null) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    this.field = field;
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

export const invalid = (field: string | null, message: string, code = 'invalid_request') =>
  new DomainError('invalid_request', code, field ? `${field}: ${message}` : message, field);

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
