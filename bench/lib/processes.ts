import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Child processes of a bench run: servers, references, load generators and socket clients. Every one is
 * registered here so an interrupted run (Ctrl-C, a thrown error) still ends them, by pid, and no stray
 * server or database outlives the bench.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Node with type stripping, as the npm scripts run it. */
export const nodeArgs = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning'];

const running = new Set<ChildProcess>();
const cleanups: (() => void)[] = [];

export function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** A last-resort, synchronous cleanup (e.g. stopping an embedded PostgreSQL whose server was killed). */
export function onExit(cleanup: () => void): void {
  cleanups.push(cleanup);
}

function killAll(): void {
  for (const child of running) {
    if (child.pid !== undefined) {
      try {
        process.kill(child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
  for (const cleanup of cleanups.splice(0)) {
    try {
      cleanup();
    } catch {
      // Best effort on the way out.
    }
  }
}
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping the bench's processes\n`);
    killAll();
    process.exit(130);
  });
}

/** Starts a TypeScript file of bench/ with Node, IPC on, output shown with a prefix on stderr. */
export function startScript(
  script: string,
  options: { args?: string[]; env?: Record<string, string>; label: string },
): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, path.join(repoRoot, script), ...(options.args ?? [])], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  prefixOutput(child, options.label);
  return track(child);
}

/** Forwards a child's stderr (and stdout unless the caller reads it) to our stderr, one prefixed line at a time. */
export function prefixOutput(
  child: ChildProcess,
  label: string,
  streams: ('stdout' | 'stderr')[] = ['stderr'],
) {
  for (const name of streams) {
    let buffered = '';
    child[name]?.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) if (line.trim()) process.stderr.write(`  [${label}] ${line}\n`);
    });
  }
}

/** Resolves with the first message the child sends over IPC that satisfies `accept`; rejects if it exits first. */
export function nextMessage<T>(child: ChildProcess, accept: (message: unknown) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      cleanup();
      resolve(message as T);
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`child ${child.pid} exited (${signal ?? code}) before answering`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
