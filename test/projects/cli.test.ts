import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildOrder } from '../factories/order.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
const CLI = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/cli/project.ts'];

describe('the project command line', () => {
  let databaseUrl: string;
  let app: TestApp;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    app = await startTestApp({ DATABASE_URL: databaseUrl });
  });
  afterAll(() => app.stop());

  const cli = (...args: string[]) =>
    run(process.execPath, [...CLI, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    });

  it('prints exactly one JSON object with --json, whose key works at once', async () => {
    const { stdout } = await cli('create', '--name', 'Shop', '--mode', 'test', '--json');
    const created = JSON.parse(stdout) as { project_id: string; api_key: string };
    expect(Object.keys(created)).toEqual(['project_id', 'api_key']);
    expect(created.api_key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    const order = await restClient(app.baseUrl, created.api_key).post('/v1/orders/', buildOrder());
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ project_id: created.project_id });
  });

  it('sets and removes a project webhook URL', async () => {
    const { stdout } = await cli('create', '--name', 'Hooks', '--mode', 'live', '--json');
    const { project_id } = JSON.parse(stdout) as { project_id: string };
    await cli('set-webhook', '--project', project_id, '--url', 'https://shop.example/hooks');
    expect(await sql(databaseUrl, 'select webhook_url from projects where id = $1', [project_id])).toEqual([
      { webhook_url: 'https://shop.example/hooks' },
    ]);
    await cli('set-webhook', '--project', project_id, '--url', 'none');
    expect(await sql(databaseUrl, 'select webhook_url from projects where id = $1', [project_id])).toEqual([
      { webhook_url: null },
    ]);
  });

  it('refuses a plain-http webhook URL for a live project and explains why', async () => {
    const { stdout } = await cli('create', '--name', 'Strict', '--mode', 'live', '--json');
    const { project_id } = JSON.parse(stdout) as { project_id: string };
    await expect(
      cli('set-webhook', '--project', project_id, '--url', 'http://shop.example/hooks'),
    ).rejects.toMatchObject({ code: 65, stderr: expect.stringContaining('https') });
  });

  it('shows its usage for a bad mode', async () => {
    await expect(cli('create', '--name', 'Shop', '--mode', 'prod')).rejects.toMatchObject({
      code: 64,
      stderr: expect.stringContaining('Usage'),
    });
  });
});
