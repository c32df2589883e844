import type { Pool } from 'pg';

/**
 * A session advisory lock named by a string (hashed to PostgreSQL's bigint key space, as user.repository.ts's
 * transaction locks are), held on one connection checked out of `pool` for exactly as long as `work` runs.
 * `pg_try_*`: a process that finds it taken does not wait, it is simply not its turn. A process that dies
 * mid-work loses its connection and the lock with it, so the next one can take over at once.
 */
const TRY_LOCK = 'select pg_try_advisory_lock(hashtextextended($1, 0)) as taken';
const UNLOCK = 'select pg_advisory_unlock(hashtextextended($1, 0))';

export type LockedRun<T> = { taken: true; result: T } | { taken: false };

export async function withSessionLock<T>(
  pool: Pool,
  name: string,
  work: () => Promise<T>,
): Promise<LockedRun<T>> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const run = async <Row>(text: string) => {
    try {
      return (await client.query<Row & object>(text, [name])).rows;
    } catch (error) {
      broken = error as Error;
      throw error;
    }
  };
  try {
    const [row] = await run<{ taken: boolean }>(TRY_LOCK);
    if (!row?.taken) return { taken: false };
    try {
      return { taken: true, result: await work() };
    } finally {
      // A connection that could not unlock is destroyed (below): the lock goes with it.
      await run(UNLOCK).catch(() => undefined);
    }
  } finally {
    client.release(broken ?? false);
  }
}
