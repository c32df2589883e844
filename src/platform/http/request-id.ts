import { randomUUID } from 'node:crypto';

/**
 * The id a request (or a WebSocket connection) is logged under and answered with in `x-request-id`: the
 * caller's own `x-request-id` when it is a plain token of at most 64 characters, else a new uuid.
 */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}
