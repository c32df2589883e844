import { execFileSync } from 'node:child_process';
import { appendFile, chmod, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres, startPostmaster } from '../../src/platform/db/embedded-postgres.ts';

export interface PrimaryWithReplica {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the standby (fast shutdown), leaving the primary running. */
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
}

/** Files a base backup leaves out (PostgreSQL's own list for pg_basebackup, the parts that matter here). */
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts']);
const EMPTIED = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
]);

/**
 * A PostgreSQL primary (the embedded binaries) with a real streaming replica beside it: a base backup taken
 * with the low-level backup API (pg_backup_start, a copy of the data directory, pg_backup_stop and its
 * backup_label), a `standby.signal` and `primary_conninfo`, and the same postgres binary started on the copy.
 * The embedded package ships no pg_basebackup, which would do the same over the replication protocol.
 */
export async function startPrimaryWithReplica(): Promise<PrimaryWithReplica> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-replica-'));
  await chmod(dataDir, 0o755);
  const primary = await startEmbeddedPostgres({ dataDir, port: 0, database: 'gateway' });
  const primaryPort = Number(new URL(primary.url).port);
  const primaryDir = path.join(dataDir, 'postgres');
  const replicaDir = path.join(dataDir, 'replica');

  const admin = new pg.Client({ connectionString: primary.url });
  await admin.connect();
  try {
    await admin.query(`select pg_backup_start('replica', true)`);
    await cp(primaryDir, replicaDir, {
      recursive: true,
      filter: (source) => {
        const relative = path.relative(primaryDir, source).split(path.sep);
        if (relative.length === 1 && SKIPPED.has(relative[0]!)) return false;
        return !(relative.length > 1 && EMPTIED.has(relative[0]!) && relative[1] !== 'archive_status');
      },
    });
    const { rows } = await admin.query<{ labelfile: string }>('select labelfile from pg_backup_stop(true)');
    await writeFile(path.join(replicaDir, 'backup_label'), rows[0]!.labelfile);
  } finally {
    await admin.end();
  }
  await writeFile(path.join(replicaDir, 'standby.signal'), '');
  await appendFile(
    path.join(replicaDir, 'postgresql.auto.conf'),
    `\nprimary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres password=postgres'\n`,
  );
  if (userInfo().uid === 0) execFileSync('chown', ['-R', 'postgres:postgres', replicaDir]);
  await chmod(replicaDir, 0o700);

  const replicaPort = await freePort();
  let replica: { stop(): Promise<void> } | null = await startPostmaster(replicaDir, replicaPort, [
    '-c',
    'timezone=UTC',
    '-c',
    'max_connections=200',
  ]);
  return {
    primaryUrl: primary.url,
    replicaUrl: `postgres://postgres:postgres@127.0.0.1:${replicaPort}/gateway`,
    stopReplica: async () => {
      await replica?.stop();
      replica = null;
    },
    stop: async () => {
      await replica?.stop();
      await primary.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
