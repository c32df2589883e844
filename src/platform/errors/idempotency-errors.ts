import { type ErrorTable, errorsOf } from './error-table.ts';

/**
 * The refusals of an `Idempotency-Key` (platform/http/idempotency.ts; a phase recorded while another request
 * holds the key, platform/operations): the codes with their kinds, the errors, and the entries the OpenAPI
 * document adds to every write (platform/openapi/common-errors.ts).
 */
export const IDEMPOTENCY_ERRORS = {
  invalid_idempotency_key: 'invalid_request',
  idempotency_key_in_use: 'conflict',
  idempotency_key_reused: 'unprocessable',
} as const satisfies ErrorTable;

const { error, entries } = errorsOf(IDEMPOTENCY_ERRORS);

export const idempotencyErrorEntries = entries;

export const idempotencyKeyReused = () =>
  error(
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different request; use a new key for a new request',
  );

export const idempotencyKeyInUse = () =>
  error(
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still being processed; retry after it has finished',
  );

export const invalidIdempotencyKey = () =>
  error('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 printable ASCII characters');
