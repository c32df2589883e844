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
  | 'gone';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: string;
  readonly field: string | null;

  /**
   * A refusal the caller is told about (401, 404, 409, ...), never a fault to debug: no stack trace is captured,
   * which is most of what constructing an error costs (an unknown API key's 401 is on a hot path).
   */
  constructor(kind: DomainErrorKind, code: string, message: string, field: string | null = null) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
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
