import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/platform/db/embedded-postgres.ts';
import { childProcessBaseEnv } from './child-env.ts';

/** Node's flags in the `start` and `worker` scripts of package.json. */
export const SCRIPT_NODE_ARGS = [
  '--experimental-strip-types',
  '--disable-warning=ExperimentalWarning',
  '--import',
  './src/platform/telemetry/register.ts',
];

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr. */
  output: string[];
  /** Kills the process with the signal and waits until it is gone; resolves with its exit code. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs the real server (`src/main.ts`, as `npm start` does; or `src/worker.ts`, as `npm run worker` does) as a
 * child process on the given database, to test what only separate processes show: SIGKILL, and two
 * processes sharing one database. Node gets the flags the npm scripts give it (tracing's register hook, a no-op
 * unless the environment sets OTEL_EXPORTER_OTLP_ENDPOINT).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    script?: string;
    readyText?: string;
    startTimeoutMs?: number;
    /** Where the output is collected, readable while the process is still starting. */
    output?: string[];
  } = {},
): Promise<ServerProcess> {
  const script = options.script ?? 'src/main.ts';
  const readyText = options.readyText ?? 'Payments gateway is running';
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-process-'));
  const child: ChildProcess = spawn(process.execPath, [...SCRIPT_NODE_ARGS, script], {
    cwd: process.cwd(),
    env: {
      ...childProcessBaseEnv(),
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
      VAULT_ENCRYPTION_KEYS: 'test1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = options.output ?? [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  await new Promise<void>((resolve, reject) => {
    // A process that does not come up is stopped, so it cannot keep the test run alive after the failure.
    const timer = setTimeout(() => {
      clearInterval(check);
      child.kill('SIGTERM');
      reject(new Error(`${script} did not start:\n${output.join('')}`));
    }, options.startTimeoutMs ?? 30_000);
    const check = setInterval(() => {
      if (output.join('').includes(readyText)) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output.join('')}`));
    });
  });

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
