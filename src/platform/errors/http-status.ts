import type { DomainErrorKind } from './domain-error.ts';

/** The single mapping from domain error kinds to HTTP status codes. */
export const HTTP_STATUS_BY_KIND: Readonly<Record<DomainErrorKind, number>> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  rate_limited: 429,
};
