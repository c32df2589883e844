import pg from 'pg';

/**
 * Lets the database settle after write cases, before reads are measured: the rows just written leave work
 * behind (dead tuples and unset hint bits for autovacuum, dirty buffers for the checkpointer) that would
 * otherwise land on whatever is measured next. Measured before this existed: the first read case of a round,
 * run right after the previous round's writes, cost 2–3 times the PostgreSQL CPU per request of the same
 * requests a few seconds later. Doing that work here, unmeasured, gives each read case the same database.
 */
export async function settleDatabase(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE)');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
  return performance.now() - started;
}
