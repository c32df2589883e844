import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { migrations } from '../../migrations/index.ts';
import { entities } from '../../src/modules/index.ts';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded-postgres.ts';
import { connectOrm, migrate } from '../../src/platform/db/orm.ts';
import { JobQueue } from '../../src/platform/jobs/job-queue.ts';

export const TEMPLATE_DATABASE = 'gateway_template';

/**
 * Starts one real PostgreSQL (the same embedded engine `npm start` uses) for the whole run and migrates a
 * template database; each test file then clones its own database from the template in milliseconds.
 * An external server can be used instead with TEST_DATABASE_ADMIN_URL.
 */
export default async function globalSetup(): Promise<void> {
  let adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-test-'));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
    await chmod(dataDir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir, port: 0, database: 'postgres' });
    (globalThis as { __EMBEDDED_PG__?: unknown }).__EMBEDDED_PG__ = { ...embedded, dataDir };
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!process.env.TEST_DATABASE_ADMIN_URL) {
    // A run opens about 4,500 connections (each test file's app, job queue and queries). Each password check
    // re-derives the SCRAM key with 4,096 PBKDF2 rounds, about 9 ms of PostgreSQL CPU, a tenth of all the
    // database's CPU in a run. This throwaway cluster's password is stored with one round instead; production
    // clusters and `npm start`'s embedded one keep the default.
    await admin.query('set scram_iterations = 1');
    await admin.query(`alter role current_user password '${new URL(adminUrl).password}'`);
  }
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  const orm = await connectOrm({ url: templateUrl.toString(), entities, migrations });
  await migrate(orm);
  await orm.close(true);
  // The job queue's own schema goes into the template too, so each test database starts complete.
  const jobs = await JobQueue.start({
    url: templateUrl.toString(),
    logger: pino({ level: 'silent' }),
    supervise: false,
  });
  await jobs.stop();

  process.env.TEST_DATABASE_ADMIN_URL = adminUrl;
  // The servers and commands the tests start as child processes compile the app's ~500 modules each time; with
  // Node's compile cache (inside the repository, as everything the tests touch) a start imports in about 1.0 s
  // instead of 1.6 s. The children inherit it through the environment.
  process.env.NODE_COMPILE_CACHE ??= fileURLToPath(
    new URL('../../node_modules/.cache/node-compile-cache', import.meta.url),
  );
}
