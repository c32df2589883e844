import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { projectProgram } from '../../src/cli/project-program.ts';
import { buildOrder } from '../factories/order.ts';
import { runInProcess } from '../helpers/cli.ts';
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

  /** `npm run project:…` as a process of its own, as a person runs it. */
  const spawned = (...args: string[]) =>
    run(process.execPath, [...CLI, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    });
  /** The same program in this process: what it prints and its exit code are the same. */
  const cli = (...args: string[]) =>
    runInProcess(projectProgram, args, { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });

  it('prints exactly one JSON object with --json, whose key works at once', async () => {
    const { stdout } = await spawned('create', '--name', 'Shop', '--mode', 'test', '--json');
    const created = JSON.parse(stdout) as { project_id: string; api_key: string };
    expect(Object.keys(created)).toEqual(['project_id', 'merchant_id', 'api_key']);
    expect(created.api_key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    const order = await restClient(app.baseUrl, created.api_key).post('/v1/orders/', buildOrder());
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ project_id: created.project_id });
    // A real Node process starting (about 2 s of CPU alone) can wait long on a busy machine.
  }, 90_000);

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

  it.each([
    [['create', '--name', 'Shop'], 'missing --mode: test or live'],
    [['create', '--mode', 'test'], 'missing --name'],
    [['create', '--name', 'Shop', '--mode', 'prod'], '--mode must be test or live, not "prod"'],
    [['set-webhook', '--project', '00000000-0000-4000-8000-000000000000'], 'missing --url'],
    [['delete'], 'unknown command "delete"'],
  ])('says what is missing or wrong before its usage: %j', async (args, problem) => {
    const refused = await cli(...args).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 64 });
    const { stderr } = refused as { stderr: string };
    expect(stderr.indexOf(problem)).toBeGreaterThanOrEqual(0);
    expect(stderr.indexOf(problem)).toBeLessThan(stderr.indexOf('Usage'));
  });

  it('names the option a refused value came from', async () => {
    const { stdout } = await cli('create', '--name', 'Named', '--mode', 'live', '--json');
    const { project_id } = JSON.parse(stdout) as { project_id: string };
    await expect(
      cli('set-webhook', '--project', project_id, '--url', 'ftp://shop.example'),
    ).rejects.toMatchObject({
      code: 65,
      stderr: '--url: must be an absolute http or https URL\n',
    });
    await expect(
      cli('set-webhook', '--project', 'not-a-project', '--url', 'https://shop.example/hooks'),
    ).rejects.toMatchObject({ code: 65, stderr: 'Project not found\n' });
  });
});
