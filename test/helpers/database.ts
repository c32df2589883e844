import { randomBytes } from 'node:crypto';
import pg from 'pg';

const TEMPLATE_DATABASE = 'gateway_template';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_ADMIN_URL;
  if (!url) throw new Error('TEST_DATABASE_ADMIN_URL is not set: run the tests through jest (globalSetup)');
  return url;
}

/** A fresh, migrated database of its own for one test file, cloned from the template. */
export async function createTestDatabase(): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(), application_name: 'tests-admin' });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE} strategy file_copy`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

const pools = new Map<string, pg.Pool>();

/**
 * A small pool per database, its connections closed after a second unused. A new connection costs PostgreSQL
 * about 10 ms of CPU (a process, the password check, the catalog read again), and the tests' assertions and
 * polls were a third of a run's connections.
 */
function poolFor(databaseUrl: string): pg.Pool {
  let pool = pools.get(databaseUrl);
  if (!pool) {
    pool = new pg.Pool({
      connectionString: databaseUrl,
      application_name: 'tests-sql',
      max: 4,
      idleTimeoutMillis: 1000,
      allowExitOnIdle: true,
    });
    // An idle connection the server ended (a test stopping its database, or terminating backends) is dropped.
    pool.on('error', () => undefined);
    pools.set(databaseUrl, pool);
  }
  return pool;
}

/** The server ended the connection: the statement never ran on it. */
const CONNECTION_LOST =
  /Connection terminated|terminating connection|ECONNRESET|EPIPE|Client has encountered a connection error/;

/**
 * Runs one SQL statement against a test database (for assertions on what was, or was not, written). No session
 * state survives a call: a statement that sets any (a session lock, a setting) has to undo it.
 */
export async function sql<T extends Record<string, unknown> = Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  try {
    return (await poolFor(databaseUrl).query(text, params)).rows as T[];
  } catch (error) {
    // A pooled connection the server ended while it sat idle (a restart, pg_terminate_backend) fails once.
    if (!CONNECTION_LOST.test(String((error as Error).message))) throw error;
    return (await poolFor(databaseUrl).query(text, params)).rows as T[];
  }
}

/**
 * How many statements of this test database whose text contains `fragment` are waiting for a lock right now: the
 * tests that hold a lock on purpose (a stalled session, a request held at its write) wait for the request to
 * reach it. Only this database's: test files running at once on the same PostgreSQL hold such locks too.
 */
export async function waitingOnLock(databaseUrl: string, fragment: string): Promise<number> {
  const [row] = await sql<{ waiting: number }>(
    databaseUrl,
    `select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like '%' || $1 || '%'`,
    [fragment],
  );
  return row!.waiting;
}

/**
 * Runs `work` while another session holds `table` locked in `mode` (a stalled session, a request held at its
 * write); the lock goes when `work` ends, whatever it answers.
 */
export async function whileLocked<T>(
  databaseUrl: string,
  table: string,
  mode: string,
  work: () => Promise<T>,
): Promise<T> {
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: 'tests-lock' });
  await lock.connect();
  try {
    await lock.query('begin');
    await lock.query(`lock table ${table} in ${mode} mode`);
    return await work();
  } finally {
    await lock.query('rollback').catch(() => undefined);
    await lock.end();
  }
}

/** Every row of every table outside PostgreSQL's own catalogs, each cast to text as a whole. */
export async function everyRowAsText(databaseUrl: string): Promise<string> {
  const tables = await sql<{ schema: string; name: string }>(
    databaseUrl,
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const rows: string[] = [];
  for (const { schema, name } of tables) {
    for (const row of await sql<{ row: string }>(
      databaseUrl,
      `select t::text as row from "${schema}"."${name}" t`,
    )) {
      rows.push(row.row);
    }
  }
  return rows.join('\n');
}
