import pg from 'pg';
import type { Logger } from 'pino';
import type { Orm } from './orm.ts';

/**
 * Migrations as a step of their own: applied under one PostgreSQL advisory lock, so that any number of
 * processes starting at once (replicas of a deployment, `npm run migrate` beside them) apply each migration
 * exactly once. The lock is a session lock on a connection of its own: a process that dies while holding it
 * releases it with its connection.
 */

/** The advisory lock key: the first 8 bytes of sha256('payments-gateway:migrations'), fixed. */
const MIGRATION_LOCK_KEY = '7240216395508417297';

/** Applies every pending migration under the advisory lock; resolves with the names it applied (often none). */
export async function migrateUnderLock(orm: Orm, url: string, logger?: Logger): Promise<string[]> {
  const lock = new pg.Client({ connectionString: url, application_name: 'payments-gateway-migrate' });
  await lock.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      MIGRATION_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) {
      logger?.info('another process is applying migrations; waiting for it');
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    // Whoever held the lock before may have applied everything already: ask again under the lock. All of them
    // in one transaction (the ORM's `allOrNothing`), ours, in which the pool's statement and idle limits
    // (platform/db/session-limits.ts) are lifted: an index built on a big table may take minutes.
    const connection = orm.em.getConnection();
    const applied = await connection.transactional(async (transaction) => {
      for (const limit of ['statement_timeout', 'idle_in_transaction_session_timeout']) {
        await connection.execute(`set local ${limit} = 0`, [], 'run', transaction);
      }
      return orm.migrator.up({ transaction });
    });
    const names = applied.map((migration) => migration.name);
    if (names.length > 0) logger?.info({ migrations: names }, `applied ${names.length} migration(s)`);
    return names;
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}

/** The migrations this code knows that the database has not applied yet. */
export async function pendingMigrations(orm: Orm): Promise<string[]> {
  return (await orm.migrator.getPending()).map((migration) => migration.name);
}

/** Thrown when the database is behind this code and this process may not migrate it (MIGRATE_ON_START). */
export class MigrationsBehindError extends Error {
  readonly pending: string[];
  constructor(pending: string[]) {
    super(
      `the database is behind: ${pending.length} migration(s) pending (${pending.join(', ')}); ` +
        'run `npm run migrate` first (MIGRATE_ON_START is off)',
    );
    this.pending = pending;
  }
}

/**
 * Whether the database's migrations are current, for readiness: once they are, they stay so for this process
 * (migrations are only ever added), so the answer is cached from then on.
 */
export function migrationsCurrent(orm: Orm): () => Promise<boolean> {
  let current = false;
  return async () => {
    if (!current) current = (await pendingMigrations(orm)).length === 0;
    return current;
  };
}
