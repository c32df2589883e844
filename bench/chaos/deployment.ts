import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  type EmbeddedDatabase,
  freePort,
  startEmbeddedPostgres,
} from '../../src/platform/db/embedded-postgres.ts';
import { nodeArgs, onExit, repoRoot, track } from '../lib/processes.ts';

/**
 * The deployment the chaos run breaks: its own embedded PostgreSQL, one web process (`npm start`'s script,
 * JOBS_ENABLED=false) and one worker (`npm run worker`'s), as the issue's split deployment has them. Each can be
 * killed (SIGKILL) or restarted on its own; the web process keeps its port, so clients keep their base URL.
 * The processes' output goes to files in the run's directory (their paths are printed with the results).
 */
export interface Deployment {
  baseUrl: string;
  databaseUrl: string;
  /** SIGKILL the web process, then start it again and wait until it serves. */
  killWeb(): Promise<void>;
  /** SIGKILL the worker, then start it again and wait until it runs. */
  killWorker(): Promise<void>;
  /** Stop PostgreSQL (fast shutdown: every connection is cut) and start it again at once. */
  restartDatabase(): Promise<void>;
  /**
   * A session that takes the money tables' locks and sits on them for `ms` (a stuck session, a migration gone
   * wrong): every statement on them waits, past the web process's statement limit when `ms` is longer.
   */
  stallDatabase(ms: number): Promise<void>;
  /** How long each fault took until the part was back, in ms, by kind. */
  downtimes: Record<'web' | 'worker' | 'database' | 'stall', number[]>;
  stop(): Promise<void>;
}

/** The telemetry hook of the npm scripts, as the scripts load it. */
const SCRIPT_ARGS = [...nodeArgs, '--import', './src/platform/telemetry/register.ts'];

export async function startDeployment(options: {
  dir: string;
  /** Environment of both processes (secrets, intervals). */
  env: Record<string, string>;
  /** Run before the processes start, once the database is migrated (e.g. create the project). */
  prepare: (databaseUrl: string) => Promise<void>;
}): Promise<Deployment> {
  const dbPort = await freePort();
  let database: EmbeddedDatabase = await startEmbeddedPostgres({
    dataDir: options.dir,
    port: dbPort,
    database: 'gateway',
  });
  onExit(() => void database.stop());
  const databaseUrl = database.url;
  await runScript('src/cli/migrate.ts', [], { DATABASE_URL: databaseUrl, ...options.env });
  await options.prepare(databaseUrl);

  const port = await freePort();
  const logs = {
    web: createWriteStream(path.join(options.dir, 'web.log')),
    worker: createWriteStream(path.join(options.dir, 'worker.log')),
  };
  const common = {
    ...options.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: options.dir,
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
  };
  const startWeb = () =>
    startProcess('src/main.ts', 'Payments gateway is running', logs.web, {
      ...common,
      PORT: String(port),
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    });
  const startWorker = () =>
    startProcess('src/worker.ts', 'worker running', logs.worker, { ...common, LOG_LEVEL: 'info' });
  let web = await startWeb();
  let worker = await startWorker();
  const downtimes: Deployment['downtimes'] = { web: [], worker: [], database: [], stall: [] };
  const timed = async (kind: keyof typeof downtimes, fault: () => Promise<void>) => {
    const started = performance.now();
    await fault();
    downtimes[kind].push(performance.now() - started);
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl,
    downtimes,
    killWeb: () =>
      timed('web', async () => {
        await killed(web, logs.web);
        web = await startWeb();
      }),
    killWorker: () =>
      timed('worker', async () => {
        await killed(worker, logs.worker);
        worker = await startWorker();
      }),
    restartDatabase: () =>
      timed('database', async () => {
        await database.stop();
        database = await startEmbeddedPostgres({ dataDir: options.dir, port: dbPort, database: 'gateway' });
      }),
    stallDatabase: (ms) =>
      timed('stall', async () => {
        const session = new pg.Client({
          connectionString: databaseUrl,
          application_name: 'chaos-stuck-session',
        });
        await session.connect();
        try {
          await session.query('begin');
          await session.query('lock table orders, transactions in access exclusive mode');
          await new Promise((resolve) => setTimeout(resolve, ms));
        } finally {
          await session.query('rollback').catch(() => undefined);
          await session.end().catch(() => undefined);
        }
      }),
    stop: async () => {
      for (const child of [web, worker]) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await new Promise((resolve) =>
          child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
        );
      }
      await database.stop();
      logs.web.end();
      logs.worker.end();
    },
  };
}

/** Starts a script with the npm scripts' flags and waits until its output says it runs. */
async function startProcess(
  script: string,
  readyText: string,
  log: WriteStream,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const child = track(
    spawn(process.execPath, [...SCRIPT_ARGS, script], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    script,
  );
  log.write(`--- ${new Date().toISOString()} started ${script} (pid ${child.pid})\n`);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start in 120 s:\n${output}`)),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      if (output.length < 100_000) output += chunk.toString();
      if (output.includes(readyText)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${signal ?? code}) while starting:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return child;
}

async function killed(child: ChildProcess, log: WriteStream): Promise<void> {
  log.write(`--- ${new Date().toISOString()} SIGKILL (pid ${child.pid})\n`);
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** Runs a command-line script of the gateway to its end; resolves with its standard output. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${script} exited with ${code}:\n${stderr}${stdout}`)),
    );
  });
}
