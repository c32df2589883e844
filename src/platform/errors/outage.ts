/**
 * Telling a database outage from a fault of ours or of the caller: the one classification behind every 503
 * (REST error handler, GraphQL error formatting, the WebSocket credential check), the read replica's fallback
 * and the waits at start. An outage is the database being unreachable, restarting, refusing connections or
 * dropping them: not a query that was wrong.
 */

/**
 * SQLSTATEs of an outage: class 08 (connection exception) but 08P01, 57P01-57P05 (shutdown, crash, cannot
 * connect now, …), 53300 (too many connections), 55000 (not accepting connections, e.g. a replica being
 * promoted), and a database that hangs: 57014 (a statement cancelled, by the gateway's `statement_timeout` or an
 * operator) and 25P03 (a transaction ended for sitting idle too long; platform/db/session-limits.ts).
 */
const OUTAGE_SQLSTATE = /^(08(?!P01)...|57P0.|53300|55000|57014|25P03)$/;
/**
 * 08P01 (protocol_violation) is what PostgreSQL answers a message it cannot take: a bind of more than 65,535
 * parameters (the protocol counts them in 16 bits), a bind whose values do not match its statement. That is a
 * statement of ours, answered ERROR on a connection that stays usable: a 500, never a 503 whose `Retry-After`
 * has the client send the same request again and again. The same code FATAL is the connection being closed:
 * PgBouncer says "pgbouncer cannot connect to server", "query_wait_timeout", "server login has been failing"
 * under it (docs/operations.md puts it in front of PostgreSQL): an outage.
 */
const PROTOCOL_VIOLATION = '08P01';
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
// `connect ENOENT`: a DATABASE_URL naming a Unix socket whose database is down (the socket file is gone).
// PgBouncer's own words for a server it cannot reach (08P01; older versions send them as ERROR, newer as FATAL).
const OUTAGE_MESSAGE =
  /Connection terminated|connect (ECONNREFUSED|ENOENT)|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|pgbouncer cannot connect to server|server login has been failing|query_wait_timeout|server conn crashed/i;

/** How long a client is asked to wait before retrying during an outage (`Retry-After`, seconds). */
export const OUTAGE_RETRY_AFTER_SECONDS = 2;

/** Whether `error` (or what caused it, a few levels down) says the database is away. */
export function isDatabaseOutage(error: unknown): boolean {
  return someCause(
    error,
    (code, severity) =>
      OUTAGE_CODES.has(code) ||
      OUTAGE_SQLSTATE.test(code) ||
      (code === PROTOCOL_VIOLATION && severity === 'FATAL'),
  );
}

/** `isDatabaseOutage`, and for a read replica also a refused login or a missing database. */
export function isReplicaUnavailable(error: unknown): boolean {
  return (
    isDatabaseOutage(error) ||
    someCause(error, (code) => REPLICA_SQLSTATE.test(code)) ||
    someCause(error, () => false, /password authentication failed|does not exist/)
  );
}

/** Whether a SQLSTATE or error code, with the severity PostgreSQL sent it at (when it did), says so. */
type CodeMatches = (code: string, severity: string | undefined) => boolean;

function someCause(error: unknown, codeMatches: CodeMatches, message = OUTAGE_MESSAGE): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const {
      code,
      sqlState,
      message: text,
      cause,
      originalError,
      severity,
    } = current as {
      code?: unknown;
      sqlState?: unknown;
      /** PostgreSQL's (or PgBouncer's) `ERROR`, `FATAL`, …, kept by the ORM's wrapper too. */
      severity?: unknown;
      message?: unknown;
      cause?: unknown;
      /** A GraphQLError wraps what a resolver threw. */
      originalError?: unknown;
    };
    const level = typeof severity === 'string' ? severity : undefined;
    if (typeof code === 'string' && codeMatches(code, level)) return true;
    if (typeof sqlState === 'string' && codeMatches(sqlState, level)) return true;
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
