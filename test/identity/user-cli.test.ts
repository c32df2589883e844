import { spawn } from 'node:child_process';
import { userProgram } from '../../src/cli/user-program.ts';
import { seedProject } from '../factories/project.ts';
import { heardByApp, runInProcess } from '../helpers/cli.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const CLI = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/cli/user.ts'];

describe('the user command line', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  /** `npm run user:…` in this process: what it prints and its exit code are those of its own process. */
  const cli = (...args: string[]) => piped('', ...args);
  /** The same, with this text on its standard input. */
  const piped = (stdin: string, ...args: string[]) =>
    runInProcess(userProgram, args, { DATABASE_URL: app.databaseUrl, LOG_LEVEL: 'warn' }, { stdin });

  it('creates a user with a generated password, printed once as exactly one JSON object', async () => {
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
  });

  it('takes the password piped to its own process with --password-stdin, and exits 0', async () => {
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
      { env: { ...process.env, DATABASE_URL: app.databaseUrl, LOG_LEVEL: 'warn' } },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stdin.end('correct horse battery staple\n');
    const exitCode = await new Promise((resolve) => child.on('exit', resolve));
    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      email: 'stdin@shop.example',
      role: 'viewer',
      password: null,
    });
    await signIn(app.baseUrl, 'stdin@shop.example', 'correct horse battery staple');
    // The one real spawn of src/cli/user.ts: starting Node (about 2 s of CPU alone) can wait long on a busy machine.
  }, 90_000);

  it('refuses a weak password from standard input, naming --password-stdin, and creates no user', async () => {
    const project = await seedProject(app);
    const refused = await piped(
      'passwordpassword\n',
      'create',
      '--project',
      project.projectId,
      '--email',
      'weak@shop.example',
      '--role',
      'viewer',
      '--password-stdin',
    ).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({
      code: 65,
      stderr: expect.stringContaining('--password-stdin: is too easy to guess'),
    });
    expect(
      await sql(app.databaseUrl, "select id from merchant_users where email = 'weak@shop.example'"),
    ).toEqual([]);
  });

  it('removes a user, ending its session at once', async () => {
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
    await heardByApp(app, { scope: 'user', id: created.user_id }, () =>
      cli('remove', '--id', created.user_id),
    );
    expect((await restClient(app.baseUrl).get('/portal/session', { cookie: session.cookie })).status).toBe(
      401,
    );
  });

  it('refuses a duplicate e-mail address, a weak role and an unknown project', async () => {
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
  });
});
