/**
 * How long the gateway's database work may wait before it gives up, so that a database that hangs (a lock held
 * by a stuck session, a server overloaded or on a stalled disk) is an outage the client hears about, a 503 with
 * `Retry-After`, and not a request that never ends and holds its pool connection, its row locks and its
 * Idempotency-Key meanwhile. (A network that drops every packet is not seen by PostgreSQL's timers: TCP's
 * retransmission limit bounds that, and the pool wait keeps the other requests answering.)
 *
 * - `statement_timeout`: PostgreSQL cancels a statement of ours that runs (or waits for a lock) longer; its
 *   transaction rolls back, so nothing of it commits and a retry with the same key resumes or runs afresh. A
 *   COMMIT is never cut by it: PostgreSQL stops the statement's timer before it commits.
 * - `idle_in_transaction_session_timeout`, twice the statement's: a transaction left open by a process that
 *   stopped talking to it (a request that hangs between its statements) is ended by the database, its locks
 *   released, rather than blocking every request for those rows.
 * - `connectionTimeoutMillis`: how long a request waits for a connection of the pool, or for a new one to open.
 *
 * Migrations (platform/db/migrations.ts) and the CSV export's COPY, whose length depends on the data and on how
 * fast the merchant downloads, lift the statement limit for their own transaction or connection.
 */
export interface SessionLimits {
  /** 0: no limit. */
  statementTimeoutMs: number;
  /** 0: no limit. */
  poolWaitMs: number;
}

/** The `pg` connection settings that carry the limits (each connection sends them when it opens). */
export function sessionLimitSettings(limits: SessionLimits): {
  statement_timeout?: number;
  idle_in_transaction_session_timeout?: number;
  connectionTimeoutMillis?: number;
} {
  return {
    ...(limits.statementTimeoutMs > 0 && {
      statement_timeout: limits.statementTimeoutMs,
      idle_in_transaction_session_timeout: 2 * limits.statementTimeoutMs,
    }),
    ...(limits.poolWaitMs > 0 && { connectionTimeoutMillis: limits.poolWaitMs }),
  };
}
