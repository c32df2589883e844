import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/platform/db/embedded-postgres.ts';
import { createTestDatabase } from '../helpers/database.ts';

/**
 * Ctrl-C on `npm start` and `npm run worker` in a terminal: the terminal sends SIGINT to the whole foreground
 * process group (npm, the shell npm runs the script with, and node). The scripts `exec` node, so the shell does not
 * stay between npm and node to die of the signal itself (npm would then report it and exit 130): node stops
 * cleanly, exits 0, and npm passes the 0 on.
 */
const LONG_RUNNING_SCRIPTS = ['start', 'worker', 'bench', 'bench:events', 'bench:search'];

interface NpmRun {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** `npm <args>` as the leader of a process group of its own, as a shell starts a foreground job. */
async function npmRun(args: string[], env: Record<string, string>, readyText: string): Promise<NpmRun> {
  // Without the outer `npm run jest`'s own npm_* variables: the inner npm reads its settings as a terminal's would.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')),
  );
  const child = spawn('npm', args, {
    detached: true,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!(stdout + stderr).includes(readyText) && Date.now() < deadline && child.exitCode === null) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!(stdout + stderr).includes(readyText)) {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    throw new Error(`npm ${args.join(' ')} did not start:\n${stdout}${stderr}`);
  }
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

const logLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });

describe('Ctrl-C on the npm scripts that keep running', () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-npm-'));
    env = {
      DATABASE_URL: await createTestDatabase(),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    };
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('exec node, so no shell stays between npm and node', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    for (const name of LONG_RUNNING_SCRIPTS)
      expect(`${name}: ${scripts[name]}`).toMatch(/^[\w:]+: exec node /);
  });

  it.each([
    ['npm start', ['start'], 'Payments gateway is running', 'server'],
    ['npm run worker', ['run', 'worker'], 'worker running', 'worker'],
  ])(
    '%s exits 0 with one stopped line and no error',
    async (_name, args, readyText, processName) => {
      const run = await npmRun(args, env, readyText);
      const before = run.stdout().length;

      process.kill(-run.child.pid!, 'SIGINT'); // the whole process group, as the terminal does

      expect(await run.exited).toBe(0);
      const lines = logLines(run.stdout().slice(before));
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(lines.filter((line) => line.msg === `${processName} stopped`)).toHaveLength(1);
      expect(run.stderr()).not.toMatch(/npm (error|ERR)/);
      expect(run.stderr()).toBe('');
    },
    90_000,
  );
});
