import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrations } from '../../migrations/index.ts';
import { childProcessBaseEnv } from '../helpers/child-env.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

/** An empty database of its own (not cloned from the migrated template). */
async function emptyDatabase(): Promise<string> {
  const name = `empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_ADMIN_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

const production = {
  NODE_ENV: 'production',
  IDEMPOTENCY_SECRET: 'test-idempotency-secret-of-32-characters',
};

const runMigrate = (env: Record<string, string>) =>
  promisify(execFile)(
    process.execPath,
    ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/cli/migrate.ts'],
    {
      env: {
        ...childProcessBaseEnv(),
        VAULT_ENCRYPTION_KEYS: 'test1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        ...env,
      },
    },
  );

describe('migrations as a step of their own', () => {
  const processes: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.kill('SIGTERM')));
  });

  it('lets three processes start at once on an empty database: all come up, each migration ran once', async () => {
    const databaseUrl = await emptyDatabase();
    const starts = await Promise.allSettled(
      [1, 2, 3].map(() => startServerProcess({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' })),
    );
    const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
    processes.push(...started);
    expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);

    for (const server of started) {
      expect((await restClient(server.baseUrl).get('/health/ready')).status).toBe(200);
    }
    const rows = await sql<{ name: string }>(
      databaseUrl,
      'select name from mikro_orm_migrations order by id',
    );
    expect(rows.map((row) => row.name)).toEqual(migrations.map((migration) => migration.name));
    const appliers = started.filter((server) => server.output.join('').includes('migration(s)"'));
    expect(appliers).toHaveLength(1);
  }, 120_000);

  it('in production, refuses to start on a database behind its code until `npm run migrate` brought it up', async () => {
    const databaseUrl = await emptyDatabase();
    await expect(startServerProcess({ DATABASE_URL: databaseUrl, ...production })).rejects.toThrow(
      /exited with 1:[\s\S]*Not starting: the database is behind: \d+ migration\(s\) pending \(Migration2026/,
    );
    expect(await sql(databaseUrl, "select to_regclass('public.orders') as orders")).toEqual([
      { orders: null },
    ]);

    const first = await runMigrate({ DATABASE_URL: databaseUrl });
    expect(first.stdout).toContain(`Applied ${migrations.length} migration(s):`);
    expect((await runMigrate({ DATABASE_URL: databaseUrl })).stdout).toBe(
      'The database is up to date: no migration pending.\n',
    );

    const server = await startServerProcess({ DATABASE_URL: databaseUrl, ...production });
    processes.push(server);
    expect((await restClient(server.baseUrl).get('/health/ready')).status).toBe(200);
  }, 120_000);
});
