import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/platform/db/embedded-postgres.ts';

/**
 * `npm start` in a terminal, stopped as a person stops it: Ctrl-C sends SIGINT to the whole foreground process
 * group (the server and, unless kept apart, the embedded PostgreSQL), and a port already taken is one line.
 */
describe('starting and stopping in a terminal', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-terminal-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  interface Started {
    child: ChildProcess;
    stdout: () => string;
    stderr: () => string;
    exited: Promise<number | null>;
  }

  /** Starts `src/main.ts` as the leader of a process group of its own, as a shell does for a foreground job. */
  const start = async (port: number, until: (output: string) => boolean): Promise<Started> => {
    const child = spawn(
      process.execPath,
      ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/main.ts'],
      {
        detached: true,
        env: {
          ...process.env,
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          PORT: String(port),
          LOG_LEVEL: 'info',
          NODE_ENV: 'development',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 90_000;
    while (!until(stdout + stderr) && Date.now() < deadline && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { child, stdout: () => stdout, stderr: () => stderr, exited };
  };

  const postgresPids = () => {
    try {
      return execFileSync('pgrep', ['-f', `${dataDir}/postgres`])
        .toString()
        .trim()
        .split('\n')
        .filter(Boolean);
    } catch {
      return [];
    }
  };

  const logLines = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });

  it('stops HTTP, workers, pool and the embedded PostgreSQL on Ctrl-C with no error and one final line', async () => {
    const port = await freePort();
    const server = await start(port, (output) => output.includes('Test API key'));
    expect(postgresPids().length).toBeGreaterThan(0);
    const before = server.stdout().length;

    process.kill(-server.child.pid!, 'SIGINT'); // the whole process group, as the terminal does

    expect(await server.exited).toBe(0);
    const lines = logLines(server.stdout().slice(before));
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.map((line) => line.msg)).toEqual(['server shutting down', 'server stopped']);
    expect(server.stderr()).toBe('');
    expect(postgresPids()).toEqual([]);
  }, 120_000);

  it('says in one line that PORT is in use, stops the embedded PostgreSQL and exits with 1', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const server = await start(port, () => false);
      expect(await server.exited).toBe(1);
      expect(server.stderr().trim().split('\n')).toEqual([
        `PORT ${port} is already in use on 127.0.0.1: stop what uses it or set PORT to a free port`,
      ]);
      expect(logLines(server.stdout()).filter((line) => line.level >= 50)).toEqual([]);
      expect(postgresPids()).toEqual([]);
    } finally {
      taken.close();
    }
  }, 120_000);
});
