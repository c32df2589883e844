import { commonErrorEntries } from '../errors/error-table.ts';
import { idempotencyErrorEntries } from '../errors/idempotency-errors.ts';
import type { ErrorContract, RouteContract } from '../http/route-contract.ts';

/**
 * The errors any route of a kind may give, whatever it does: input it cannot read, credentials, rate limits,
 * idempotency keys. The document adds them to every operation they apply to, and the response check accepts
 * them, so a contract declares only its own.
 */
export function commonErrors(contract: RouteContract): ErrorContract[] {
  const errors: ErrorContract[] = [];
  if (contract.method !== 'GET') {
    errors.push(
      {
        ...commonErrorEntries.invalid_request(
          'A field is missing, of the wrong type or out of range, or unknown: `fields` names each one',
          'amount: is required; unknown field(s): colour',
        ),
        fields: [
          { field: 'amount', code: 'required', message: 'amount: is required' },
          { field: 'colour', code: 'unknown_field', message: 'colour: is not a known field' },
        ],
      },
      {
        status: 400,
        type: 'malformed_json',
        when: 'The body is not JSON',
        value: 'The request body is not valid JSON',
      },
      {
        status: 413,
        type: 'payload_too_large',
        when: 'The body is over 256 KiB',
        value: 'The request body is too large',
      },
      {
        status: 415,
        type: 'unsupported_media_type',
        when: 'The body is not `application/json`',
        value: 'Content-Type must be application/json',
      },
    );
  }
  if (contract.auth !== 'none') {
    errors.push(
      commonErrorEntries.unauthorized(
        contract.auth === 'api_key'
          ? 'The API key is missing, malformed, unknown, revoked or expired (with `WWW-Authenticate: Basic`)'
          : 'No valid portal session cookie',
        contract.auth === 'api_key'
          ? 'Authenticate with HTTP Basic auth: the API key as user name and an empty password'
          : 'Sign in first: the session is missing, has ended or has expired',
      ),
    );
  }
  if (
    contract.auth === 'api_key' &&
    (contract.role ?? (contract.method === 'GET' ? 'viewer' : 'developer')) !== 'viewer'
  ) {
    errors.push(
      commonErrorEntries.forbidden(
        "The API key's role is below what this needs (a `viewer` key only reads)",
        'Forbidden: this API key has the viewer role; this needs developer or higher',
      ),
    );
  }
  if (contract.auth === 'api_key' && (contract.method === 'POST' || contract.method === 'PUT')) {
    errors.push(
      idempotencyErrorEntries.invalid_idempotency_key(
        '`Idempotency-Key` is not 1 to 255 printable ASCII characters',
        'Idempotency-Key must be 1 to 255 printable ASCII characters',
      ),
      idempotencyErrorEntries.idempotency_key_in_use(
        'A request with the same `Idempotency-Key` is still being processed: retry after it finished',
      ),
      idempotencyErrorEntries.idempotency_key_reused(
        'The `Idempotency-Key` was used before for a different request',
      ),
    );
  }
  errors.push(
    commonErrorEntries.rate_limited(
      'Too many requests from this credential or address: retry after `Retry-After` seconds',
      'Too many requests: retry after 12 second(s)',
    ),
  );
  return errors;
}

/**
 * The route's own errors and the common ones, one entry per status and type: two entries of the route with
 * the same status and type are one error given in either case; a common error the route declares itself is
 * described in the route's words.
 */
export function errorsOf(contract: RouteContract): ErrorContract[] {
  const byKey = new Map<string, ErrorContract>();
  for (const error of contract.errors ?? []) {
    const key = `${error.status} ${error.type}`;
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...seen, when: `${seen.when}; or: ${error.when}` } : error);
  }
  for (const error of commonErrors(contract)) {
    const key = `${error.status} ${error.type}`;
    if (!byKey.has(key)) byKey.set(key, error);
  }
  return [...byKey.values()];
}
