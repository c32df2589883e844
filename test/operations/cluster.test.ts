import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { freePort } from '../../src/platform/db/embedded-postgres.ts';
import { buildOrder } from '../factories/order.ts';
import { childProcessBaseEnv } from '../helpers/child-env.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

/** `WEB_CONCURRENCY=2 npm start`: one supervisor, two server processes on one port. */
describe('all cores: several server processes on one port', () => {
  let dataDir: string;
  let supervisor: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;
  let baseUrl: string;
  let metricsUrl: string;

  const serverProcesses = () => {
    try {
      return execFileSync('pgrep', ['-P', String(supervisor.pid)])
        .toString()
        .trim()
        .split('\n')
        .filter(Boolean);
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-cluster-'));
    const [port, metricsPort, databaseUrl] = await Promise.all([
      freePort(),
      freePort(),
      createTestDatabase(),
    ]);
    baseUrl = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    supervisor = spawn(
      process.execPath,
      ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/main.ts'],
      {
        env: {
          ...childProcessBaseEnv(),
          NODE_ENV: 'test',
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          WEB_CONCURRENCY: '2',
          LOG_LEVEL: 'info',
          VAULT_ENCRYPTION_KEYS: 'test1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    supervisor.stdout!.on('data', (chunk) => (output += chunk));
    supervisor.stderr!.on('data', (chunk) => (output += chunk));
    exited = new Promise((resolve) => supervisor.once('exit', (code) => resolve(code)));
    // Three Node processes start here (the supervisor and two servers): on a busy machine that can take a minute.
    await eventually(() => output.includes('Test API key'), 150_000, 'the banner');
  }, 180_000);

  afterAll(async () => {
    if (supervisor.exitCode === null) supervisor.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints one banner for two server processes, which share the port and the work', async () => {
    expect(output.match(/Payments gateway is running/g)).toHaveLength(1);
    expect(output).toContain('Server processes  2 (WEB_CONCURRENCY), one port');
    expect(serverProcesses()).toHaveLength(2);
    const apiKey = /Test API key\s+(sk_test_\w+)/.exec(output)![1]!;
    const api = restClient(baseUrl, apiKey);
    const created = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/v1/orders/', buildOrder())),
    );
    expect(created.map((response) => response.status)).toEqual(Array(20).fill(201));

    // The supervisor's METRICS_PORT adds up both processes' counts.
    const families = parsePrometheusTextFormat(
      (await (await fetch(metricsUrl)).text()).replace(/^# TYPE \S+ histogram$/gm, ''),
    );
    const posts = families
      .filter((family) => family.name === 'http_request_duration_seconds_count')
      .flatMap((family) => family.metrics)
      .filter((metric) => metric.labels?.route === '/v1/orders/' && metric.labels?.status === '201');
    expect(posts.reduce((sum, metric) => sum + Number(metric.value), 0)).toBe(20);
  });

  it('starts another server process when one dies, and keeps serving meanwhile', async () => {
    const [victim, survivor] = serverProcesses();
    process.kill(Number(victim), 'SIGKILL');
    const apiKey = /Test API key\s+(sk_test_\w+)/.exec(output)![1]!;
    // A kept-alive connection to the dead process is reset, and a connection the supervisor hands over in the
    // moment before it learns of the death can go unanswered: like a load balancer, each try gets five seconds.
    const create = async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await fetch(`${baseUrl}/v1/orders/`, {
            method: 'POST',
            headers: { authorization: basicAuth(apiKey), 'content-type': 'application/json' },
            body: JSON.stringify(buildOrder()),
            signal: AbortSignal.timeout(5_000),
          });
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    };
    expect((await create()).status).toBe(201);
    const replaced = await eventually(
      () => {
        const now = serverProcesses();
        return now.length === 2 && !now.includes(victim!) && now.includes(survivor!) && now;
      },
      30_000,
      'a replacement server process',
    );
    expect(replaced).toHaveLength(2);
    const ready = () =>
      fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.status === 200,
        () => false,
      );
    await eventually(ready, 30_000, 'the replacement ready');
    expect(output).toContain('a server process died; starting another');
  }, 60_000);

  it('drains every server process on SIGTERM and ends with one line, exit code 0', async () => {
    const children = serverProcesses();
    supervisor.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = output.trim().split('\n');
    expect(JSON.parse(lines[lines.length - 1]!).msg).toBe('server stopped');
    expect(lines.filter((line) => line.startsWith('{') && JSON.parse(line).level >= 50)).toEqual([]);
    for (const pid of children) expect(() => process.kill(Number(pid), 0)).toThrow();
  }, 60_000);
});
