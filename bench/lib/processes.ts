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

/** What the bench knows of a child when it has to say why the child is gone. */
interface ChildRecord {
  role: string;
  /** The last lines the child wrote (stderr, and stdout where the bench does not read it itself). */
  tail: string[];
  /** Signals the bench sent it, in order. */
  signals: string[];
}
const records = new WeakMap<ChildProcess, ChildRecord>();
const TAIL_LINES = 20;

/** `BENCH_DEBUG=1`: one stderr line per child start, signal sent, IPC close and exit, with pids. */
const debugging = Boolean(process.env.BENCH_DEBUG);
function debug(line: string): void {
  if (debugging) process.stderr.write(`  [bench ${new Date().toISOString().slice(11, 23)}] ${line}\n`);
}

export function track(child: ChildProcess, role: string): ChildProcess {
  records.set(child, { role, tail: [], signals: [] });
  running.add(child);
  debug(`started ${role}, pid ${child.pid}`);
  child.once('disconnect', () => debug(`${role} (pid ${child.pid}) closed its IPC channel`));
  child.once('exit', (code, signal) => {
    running.delete(child);
    debug(`${role} (pid ${child.pid}) exited (${signal ?? `code ${code}`})`);
  });
  return child;
}

/** Sends `signal` through the child's handle (never a bare pid that may have been reused), and notes it. */
function signalChild(child: ChildProcess, signal: NodeJS.Signals): void {
  const record = records.get(child);
  record?.signals.push(signal);
  debug(`sending ${signal} to ${record?.role ?? 'child'} (pid ${child.pid})`);
  child.kill(signal);
}

/** A last-resort, synchronous cleanup (e.g. stopping an embedded PostgreSQL whose server was killed). */
export function onExit(cleanup: () => void): void {
  cleanups.push(cleanup);
}

function killAll(): void {
  for (const child of running) signalChild(child, 'SIGTERM');
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

/**
 * Starts a TypeScript file of bench/ (or a test fixture) with Node, IPC on. Its stderr is shown with a prefix
 * on ours; its stdout is read (a pipe nobody reads blocks the child once full) and kept for the error report.
 */
export function startScript(
  script: string,
  options: { args?: string[]; env?: Record<string, string>; label: string },
): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, path.join(repoRoot, script), ...(options.args ?? [])], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  track(child, options.label);
  prefixOutput(child, options.label);
  keepTail(child, 'stdout');
  return child;
}

/** Forwards a child's stderr (and stdout unless the caller reads it) to our stderr, one prefixed line at a time. */
export function prefixOutput(
  child: ChildProcess,
  label: string,
  streams: ('stdout' | 'stderr')[] = ['stderr'],
) {
  for (const name of streams) {
    eachLine(child, name, (line) => process.stderr.write(`  [${label}] ${line}\n`));
  }
}

/** Reads a stream the bench does not show, keeping its last lines for the error report. */
function keepTail(child: ChildProcess, name: 'stdout' | 'stderr') {
  eachLine(child, name, () => undefined);
}

function eachLine(child: ChildProcess, name: 'stdout' | 'stderr', onLine: (line: string) => void) {
  let buffered = '';
  const record = records.get(child);
  child[name]?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      if (!line.trim()) continue;
      if (record) {
        record.tail.push(`${name}: ${line}`);
        if (record.tail.length > TAIL_LINES) record.tail.shift();
      }
      onLine(line);
    }
  });
}

/** A child that can no longer answer: who it was, how it ended, what it said last. */
export class ChildGoneError extends Error {
  constructor(child: ChildProcess, expecting: string, how: string) {
    const record = records.get(child);
    const role = record?.role ?? 'child';
    const sent = record?.signals.length ? `; the bench had sent it ${record.signals.join(', ')}` : '';
    const tail = record?.tail.length
      ? `its last output:\n${record.tail.map((line) => `    ${line}`).join('\n')}`
      : 'it wrote nothing';
    super(`the ${role} (pid ${child.pid}) ${how} before answering ${expecting}${sent}; ${tail}`);
    this.name = 'ChildGoneError';
  }
}

function howItEnded(child: ChildProcess): string {
  if (child.signalCode !== null) return `was killed by ${child.signalCode}`;
  if (child.exitCode !== null) return `exited with code ${child.exitCode}`;
  return 'closed its IPC channel while still running';
}

/** How long an exited child's channel may take to deliver what the child sent before it exited. */
const CHANNEL_GRACE_MS = 2_000;

/**
 * Resolves with the first message the child sends over IPC that satisfies `accept`; rejects with a
 * ChildGoneError once no answer can come. A child's `exit` can be seen before the last messages it sent have
 * been read from the channel, so `exit` alone is not the end: the channel closing is (all its messages are
 * emitted before `disconnect`), or a grace period after the exit.
 */
export function nextMessage<T>(
  child: ChildProcess,
  accept: (message: unknown) => boolean,
  expecting = 'the bench',
): Promise<T> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const exited = () => child.exitCode !== null || child.signalCode !== null;
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      cleanup();
      resolve(message as T);
    };
    const fail = () => {
      cleanup();
      reject(new ChildGoneError(child, expecting, howItEnded(child)));
    };
    const onGone = () => {
      clearTimeout(timer);
      if (!child.connected && exited()) return fail();
      // Only one of the two so far: wait a little for the other (the exit status makes the report).
      timer = setTimeout(fail, CHANNEL_GRACE_MS);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('disconnect', onGone);
      child.off('exit', onGone);
      child.off('error', onError);
    };
    child.on('message', onMessage);
    child.on('disconnect', onGone);
    child.on('exit', onGone);
    child.on('error', onError);
    if (!child.connected || exited()) onGone();
  });
}

/** Sends `message` and resolves with the child's `reply` message (see nextMessage for when it rejects). */
export function ask<T>(
  child: ChildProcess,
  message: { type: string } & Record<string, unknown>,
  reply: string,
): Promise<T> {
  const answer = nextMessage<T>(child, (m) => (m as { type?: string } | null)?.type === reply, `"${reply}"`);
  // A callback, so a closed channel is not an 'error' event that would crash the bench: the answer rejects.
  child.send(message, () => undefined);
  return answer;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  signalChild(child, 'SIGTERM');
  const timer = setTimeout(() => signalChild(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
