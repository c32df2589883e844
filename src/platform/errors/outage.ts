/**
 * Telling a database outage from a fault of ours or of the caller: the one classification behind every 503
 * (REST error handler, GraphQL error formatting, the WebSocket credential check), the read replica's fallback
 * and the waits at start. An outage is the database being unreachable, restarting, refusing connections or
 * dropping them: not a query that was wrong.
 */

/**
 * SQLSTATEs of an outage: class 08 (connection exception), 57P01-57P05 (shutdown, crash, cannot connect now, …),
 * 53300 (too many connections), 55000 (not accepting connections, e.g. a replica being promoted), and a database
 * that hangs: 57014 (a statement cancelled, by the gateway's `statement_timeout` or an operator) and 25P03 (a
 * transaction ended for sitting idle too long; platform/db/session-limits.ts).
 */
const OUTAGE_SQLSTATE = /^(08...|57P0.|53300|55000|57014|25P03)$/;
/** Authentication and catalogue failures: an outage of a replica (a misconfigured or rebuilt standby), not of the primary. */
const REPLICA_SQLSTATE = /^(28...|3D000)$/;
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
// `connect ENOENT`: the embedded database's Unix socket is gone while it is down (platform/db/embedded-postgres.ts).
const OUTAGE_MESSAGE =
  /Connection terminated|connect (ECONNREFUSED|ENOENT)|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command/i;

/** How long a client is asked to wait before retrying during an outage (`Retry-After`, seconds). */
export const OUTAGE_RETRY_AFTER_SECONDS = 2;

/** Whether `error` (or what caused it, a few levels down) says the database is away. */
export function isDatabaseOutage(error: unknown): boolean {
  return someCause(error, (code) => OUTAGE_CODES.has(code) || OUTAGE_SQLSTATE.test(code));
}

/** `isDatabaseOutage`, and for a read replica also a refused login or a missing database. */
export function isReplicaUnavailable(error: unknown): boolean {
  return (
    isDatabaseOutage(error) ||
    someCause(error, (code) => REPLICA_SQLSTATE.test(code)) ||
    someCause(error, () => false, /password authentication failed|does not exist/)
  );
}

function someCause(
  error: unknown,
  codeMatches: (code: string) => boolean,
  message = OUTAGE_MESSAGE,
): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const {
      code,
      sqlState,
      message: text,
      cause,
      originalError,
    } = current as {
      code?: unknown;
      sqlState?: unknown;
      message?: unknown;
      cause?: unknown;
      /** A GraphQLError wraps what a resolver threw. */
      originalError?: unknown;
    };
    if (typeof code === 'string' && codeMatches(code)) return true;
    if (typeof sqlState === 'string' && codeMatches(sqlState)) return true;
    if (typeof text === 'string' && message.test(text)) return true;
    // AggregateError (a connect to several addresses) keeps its reasons in `errors`.
    const { errors } = current as { errors?: unknown };
    if (Array.isArray(errors) && errors.some((inner) => someCause(inner, codeMatches, message))) return true;
    current = originalError ?? cause;
  }
  return false;
}

/** The message a client sees during an outage: no driver message, no address, in every mode. */
export const OUTAGE_MESSAGE_TEXT =
  'The service is temporarily unavailable (its database cannot be reached); retry with the same Idempotency-Key';
