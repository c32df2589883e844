import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Banner, parseBanner, parsePostmasterPid } from './banner.ts';
import { onExit, prefixOutput, repoRoot, sleep, stopChild, track } from './processes.ts';

/**
 * The project server exactly as a user starts it: the `start` script of package.json (`npm start`), run the
 * way npm runs it (node_modules/.bin first on PATH) but exec'd, so the pid we measure is the server itself and
 * not npm's. It gets a scratch DATA_DIR (embedded PostgreSQL), LOG_LEVEL=warn and a free port; everything we
 * need is read from its start banner, so the harness keeps working however the insides change.
 */
export interface ProjectServer extends Banner {
  pid: number;
  dataDir: string;
  /** The embedded PostgreSQL's postmaster (its CPU is the database's share). */
  postmasterPid: number;
  /** postgres://… of the embedded PostgreSQL, from `<DATA_DIR>/postgres/postmaster.pid`. */
  databaseUrl: string;
  child: ChildProcess;
  /** SIGTERM and wait; keeps DATA_DIR so a later start sees the same database. */
  stop(): Promise<void>;
  /** Stops (if running) and deletes DATA_DIR. */
  dispose(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment, e.g. `{ WEB_CONCURRENCY: '2' }` or `{ JOBS_ENABLED: 'false' }`. */
  env?: Record<string, string>;
  /** Reuse a data directory from an earlier start (its database and dev project). */
  dataDir?: string;
  /**
   * Run beside this server on its database (DATABASE_URL = its embedded PostgreSQL, same DATA_DIR so the same
   * dev project and key): for a second configuration of the server measured in the same run.
   */
  sharing?: ProjectServer;
  label?: string;
  /** Another checkout of the project to start instead of this one (`--baseline`: an earlier commit). */
  repo?: string;
}

export async function startProjectServer(options: StartOptions = {}): Promise<ProjectServer> {
  const dataDir =
    options.sharing?.dataDir ?? options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'gateway-bench-')));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
  chmodSync(dataDir, 0o755);
  const repo = options.repo ?? repoRoot;
  const startScript = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')).scripts.start;
  const label = options.label ?? 'server';
  const child = track(
    spawn('sh', ['-c', startScript.startsWith('exec ') ? startScript : `exec ${startScript}`], {
      cwd: repo,
      env: {
        ...process.env,
        PATH: `${path.join(repo, 'node_modules/.bin')}:${process.env.PATH}`,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        // Empty counts as unset: the bench owns its database even when the shell has a DATABASE_URL.
        DATABASE_URL: options.sharing?.databaseUrl ?? '',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    label,
  );
  prefixOutput(child, label);
  const ownsDatabase = !options.sharing;
  // If the bench dies with the server killed hard, the embedded PostgreSQL would outlive it: stop it by pid.
  if (ownsDatabase) onExit(() => stopPostmaster(dataDir));
  const banner = await readBanner(child);
  const { databaseUrl, postmasterPid } = await embeddedDatabase(dataDir);
  const stop = async () => {
    await stopChild(child, 30_000);
    if (!ownsDatabase) return;
    stopPostmaster(dataDir);
    await waitForPostmasterExit(dataDir);
  };
  return {
    pid: child.pid!,
    ...banner,
    dataDir,
    databaseUrl,
    postmasterPid,
    child,
    stop,
    async dispose() {
      await stop();
      if (ownsDatabase) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function readBanner(child: ChildProcess): Promise<Banner> {
  let text = '';
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the server exited (${code}) before printing its banner:\n${text}`);
  });
  const printed = new Promise<Banner>((resolve) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      // The banner ends with a blank line after its last entry.
      const banner =
        text.includes('Test API key') && /\n\s*\n/.test(text.split('Test API key')[1]!)
          ? parseBanner(text)
          : null;
      if (banner) resolve(banner);
    });
  });
  const banner = await Promise.race([printed, exited]);
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  return banner;
}

function postmasterPidFile(dataDir: string) {
  return path.join(dataDir, 'postgres', 'postmaster.pid');
}

async function embeddedDatabase(dataDir: string): Promise<{ databaseUrl: string; postmasterPid: number }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      const { pid, port } = parsePostmasterPid(readFileSync(postmasterPidFile(dataDir), 'utf8'));
      if (port > 0)
        return { databaseUrl: `postgres://postgres:postgres@127.0.0.1:${port}/gateway`, postmasterPid: pid };
    } catch {
      // Not written yet.
    }
    await sleep(100);
  }
  throw new Error(
    `no embedded PostgreSQL in ${dataDir} (is DATABASE_URL set? the bench needs the embedded one)`,
  );
}

/** Fast shutdown (SIGINT) of the embedded PostgreSQL, if its server left it running. */
function stopPostmaster(dataDir: string): void {
  try {
    const { pid } = parsePostmasterPid(readFileSync(postmasterPidFile(dataDir), 'utf8'));
    if (pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    // No pid file or no such process: already stopped.
  }
}

async function waitForPostmasterExit(dataDir: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const { pid } = parsePostmasterPid(readFileSync(postmasterPidFile(dataDir), 'utf8'));
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
}

/** A port nobody listens on right now (the OS picks it; we close it again at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
