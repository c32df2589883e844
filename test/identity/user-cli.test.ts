import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { seedProject } from '../factories/project.ts';
import { restClient } from '../helpers/http.ts';
import { signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
/**
 * Each test spawns the real command two or three times (every spawn loads the app's modules anew, seconds each on
 * a busy machine: one fresh-clone run, with the checks beside jest, needed more than the default 30 s).
 */
const SPAWNS_MS = 90_000;
const CLI = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/cli/user.ts'];

describe('the user command line', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  const env = () => ({ ...process.env, DATABASE_URL: app.databaseUrl, LOG_LEVEL: 'warn' });
  const cli = (...args: string[]) => run(process.execPath, [...CLI, ...args], { env: env() });

  it(
    'creates a user with a generated password, printed once as exactly one JSON object',
    async () => {
      const project = await seedProject(app);
      const { stdout } = await cli(
        'create',
        '--project',
        project.projectId,
        '--email',
        'Ops@Shop.example',
        '--role',
        'admin',
        '--json',
      );
      const created = JSON.parse(stdout) as {
        user_id: string;
        email: string;
        role: string;
        password: string;
      };
      expect(Object.keys(created)).toEqual(['user_id', 'email', 'role', 'password']);
      expect(created).toMatchObject({
        email: 'ops@shop.example',
        role: 'admin',
        password: expect.stringMatching(/^\w{20}$/),
      });
      const session = await signIn(app.baseUrl, created.email, created.password);
      expect(session.body).toMatchObject({
        user: { id: created.user_id, role: 'admin' },
        project_id: project.projectId,
      });
    },
    SPAWNS_MS,
  );

  it(
    'takes the password from standard input with --password-stdin',
    async () => {
      const project = await seedProject(app);
      const child = spawn(
        process.execPath,
        [
          ...CLI,
          'create',
          '--project',
          project.projectId,
          '--email',
          'stdin@shop.example',
          '--role',
          'viewer',
          '--password-stdin',
          '--json',
        ],
        { env: env() },
      );
      let stdout = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stdin.end('correct horse battery staple\n');
      await new Promise((resolve) => child.on('exit', resolve));
      expect(JSON.parse(stdout)).toMatchObject({
        email: 'stdin@shop.example',
        role: 'viewer',
        password: null,
      });
      await signIn(app.baseUrl, 'stdin@shop.example', 'correct horse battery staple');
    },
    SPAWNS_MS,
  );

  it(
    'removes a user, ending its session at once',
    async () => {
      const project = await seedProject(app);
      await cli('create', '--project', project.projectId, '--email', 'first@shop.example', '--role', 'admin');
      const { stdout } = await cli(
        'create',
        '--project',
        project.projectId,
        '--email',
        'gone@shop.example',
        '--role',
        'developer',
        '--json',
      );
      const created = JSON.parse(stdout) as { user_id: string; password: string };
      const session = await signIn(app.baseUrl, 'gone@shop.example', created.password);
      await cli('remove', '--id', created.user_id);
      expect((await restClient(app.baseUrl).get('/portal/session', { cookie: session.cookie })).status).toBe(
        401,
      );
    },
    SPAWNS_MS,
  );

  it(
    'refuses a duplicate e-mail address, a weak role and an unknown project',
    async () => {
      const project = await seedProject(app);
      await cli('create', '--project', project.projectId, '--email', 'dup@shop.example', '--role', 'admin');
      await expect(
        cli('create', '--project', project.projectId, '--email', 'DUP@shop.example', '--role', 'admin'),
      ).rejects.toMatchObject({
        code: 65,
        stderr: expect.stringContaining('already has a user'),
      });
      await expect(
        cli('create', '--project', project.projectId, '--email', 'x@shop.example', '--role', 'owner'),
      ).rejects.toMatchObject({
        code: 64,
        stderr: expect.stringContaining('Usage'),
      });
      await expect(
        cli(
          'create',
          '--project',
          '00000000-0000-4000-8000-000000000000',
          '--email',
          'y@shop.example',
          '--role',
          'admin',
        ),
      ).rejects.toMatchObject({ code: 65, stderr: expect.stringContaining('Project not found') });
    },
    SPAWNS_MS,
  );
});
