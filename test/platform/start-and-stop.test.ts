import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/platform/db/embedded-postgres.ts';
import { restClient } from '../helpers/http.ts';

/** `npm start` on a fresh data directory: embedded PostgreSQL, migrations, a test project, a clean stop. */
describe('starting and stopping the server', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-start-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const start = async (port: number): Promise<{ child: ChildProcess; output: () => string }> => {
    const child = spawn(
      process.execPath,
      ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/main.ts'],
      {
        env: {
          ...process.env,
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          NODE_ENV: 'development',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 90_000;
    while (!output.includes('Test API key') && Date.now() < deadline && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { child, output: () => output };
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

  const stop = (child: ChildProcess, signal: NodeJS.Signals) =>
    new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.kill(signal);
    });

  it('prints its URLs and a working test key, and stops PostgreSQL on SIGTERM', async () => {
    const port = await freePort();
    const { child, output } = await start(port);
    expect(output()).toContain(`http://127.0.0.1:${port}/graphql`);
    const apiKey = /Test API key\s+(sk_test_\w+)/.exec(output())![1]!;
    const created = await restClient(`http://127.0.0.1:${port}`, apiKey).post('/v1/orders/', {
      amount: 100,
      currency: 'EUR',
    });
    expect(created.status).toBe(201);
    // The development user's login is printed beside the key, and signs in to the portal.
    const [, email, password] = /Portal login\s+(\S+)\s+password (\S+)/.exec(output())!;
    const signIn = await restClient(`http://127.0.0.1:${port}`).post('/portal/session', { email, password });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ user: { email, role: 'admin' } });
    expect(postgresPids().length).toBeGreaterThan(0);

    expect(await stop(child, 'SIGTERM')).toBe(0);
    expect(postgresPids()).toEqual([]);
  }, 120_000);

  it('keeps its data and its test project across a restart (and stops cleanly on SIGINT)', async () => {
    const port = await freePort();
    const { child, output } = await start(port);
    const apiKey = /Test API key\s+(sk_test_\w+)/.exec(output())![1]!;
    const api = restClient(`http://127.0.0.1:${port}`, apiKey);
    const { body: order } = await api.post('/v1/orders/', { amount: 250, currency: 'EUR' });
    expect(await stop(child, 'SIGINT')).toBe(0);

    const again = await start(port);
    expect(/Test API key\s+(sk_test_\w+)/.exec(again.output())![1]).toBe(apiKey);
    const login = /Portal login\s+(\S+)\s+password (\S+)/;
    expect(login.exec(again.output())!.slice(1)).toEqual(login.exec(output())!.slice(1));
    expect((await api.get(`/v1/orders/${order.id}/`)).body).toMatchObject({ id: order.id, amount: 250 });
    expect(await stop(again.child, 'SIGTERM')).toBe(0);
    expect(postgresPids()).toEqual([]);
  }, 180_000);

  it('refuses to start with bad configuration and lists every problem', () => {
    let stderr = '';
    try {
      execFileSync(
        process.execPath,
        ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/main.ts'],
        {
          env: { ...process.env, PORT: 'x', LOG_LEVEL: 'loud' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    } catch (error) {
      stderr = String((error as { stderr: Buffer }).stderr);
    }
    expect(stderr).toMatch(/PORT/);
    expect(stderr).toMatch(/LOG_LEVEL/);
  });
});
