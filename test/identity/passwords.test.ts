import { userProgram } from '../../src/cli/user-program.ts';
import { createUser } from '../../src/modules/identity/commands/create-user.ts';
import { hashPassword } from '../../src/modules/identity/password.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { runInProcess } from '../helpers/cli.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const CHANGE = `mutation ($input: ChangePasswordInput!) {
  changePassword(input: $input) { changed userErrors { field code message } }
}`;
const STRONG = 'violet kestrel under nine bridges';

describe('passwords and e-mail addresses', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      ...SESSIONS_SEND_ANY_DOCUMENT,
      RATE_LIMIT_SIGN_IN_PER_ADDRESS: '1000',
      RATE_LIMIT_SIGN_IN_FAILURES_PER_PAIR: '1000',
    });
  });
  afterAll(() => app.stop());

  const portal = () => restClient(app.baseUrl);
  const signInStatus = async (email: string, password: string, extra: Record<string, unknown> = {}) =>
    (await portal().post('/portal/session', { email, password, ...extra })).status;

  it("lets an address belong to users of several merchants: createUser tells nothing of another merchant's", async () => {
    const [shopA, shopB] = [await seedProject(app), await seedProject(app)];
    const email = `shared-${Date.now()}@shop.example`;
    const atA = await createUser(app.runtime.deps, shopA.projectId, { email, role: 'admin' });
    // At B, an admin invites the same address: the answer is what any new address gets.
    const adminB = await seedUser(app, shopB.projectId, 'admin');
    const gqlB = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, adminB.email, adminB.password));
    const invited = await gqlB<{
      createUser: { user: { email: string } | null; password: string; userErrors: unknown[] };
    }>(
      'mutation ($email: String!) { createUser(input: {email: $email, role: VIEWER}) { user { email } password userErrors { code } } }',
      { email: email.toUpperCase() },
    );
    expect(invited.data!.createUser).toMatchObject({ user: { email }, userErrors: [] });
    // Each account signs in with its own password, to its own project.
    expect((await signIn(app.baseUrl, email, atA.password)).body.project_id).toBe(shopA.projectId);
    expect((await signIn(app.baseUrl, email, invited.data!.createUser.password)).body.project_id).toBe(
      shopB.projectId,
    );
    // Twice in one project is refused, as before.
    const again = await gqlB<{ createUser: { userErrors: { code: string }[] } }>(
      'mutation ($email: String!) { createUser(input: {email: $email, role: VIEWER}) { userErrors { code } } }',
      { email },
    );
    expect(again.data!.createUser.userErrors).toEqual([{ code: 'email_taken' }]);
  });

  it('asks which project when one password opens accounts in two, and signs in to the one named', async () => {
    const [shopA, shopB] = [await seedProject(app), await seedProject(app)];
    const email = `twice-${Date.now()}@shop.example`;
    await createUser(app.runtime.deps, shopA.projectId, { email, role: 'admin', password: STRONG });
    await createUser(app.runtime.deps, shopB.projectId, { email, role: 'viewer', password: STRONG });
    const ambiguous = await portal().post('/portal/session', { email, password: STRONG });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body).toMatchObject({ error: { type: 'project_required' } });
    expect(JSON.stringify(ambiguous.body)).toContain(shopA.projectId);
    const named = await portal().post<{ project_id: string; user: { role: string } }>('/portal/session', {
      email,
      password: STRONG,
      project_id: shopB.projectId,
    });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ project_id: shopB.projectId, user: { role: 'viewer' } });
  });

  it('refuses to invite an address no mail reaches (RFC 5321: 64 characters before the @, 254 in all) with a userError', async () => {
    const project = await seedProject(app);
    const admin = await seedUser(app, project.projectId, 'admin');
    const gql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, admin.email, admin.password));
    const invite = (email: string) =>
      gql<{
        createUser: { user: { email: string } | null; userErrors: { field: string; message: string }[] };
      }>(
        'mutation ($email: String!) { createUser(input: {email: $email, role: VIEWER}) { user { email } userErrors { field code message } } }',
        { email },
      );
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(53)}.example`;
    const longLocal = `${'a'.repeat(65)}@shop.example`;
    const longWhole = `${'a'.repeat(64)}@x${domain}`;

    for (const [email, message] of [
      [longLocal, 'must have at most 64 characters before the @'],
      [longWhole, 'must be at most 254 characters'],
    ] as const) {
      const { status, data, errors } = await invite(email);
      expect({ status, errors }).toEqual({ status: 200, errors: undefined });
      expect(data!.createUser.user).toBeNull();
      expect(data!.createUser.userErrors).toEqual([
        expect.objectContaining({
          field: 'email',
          code: 'invalid_request',
          message: expect.stringContaining(message),
        }),
      ]);
    }
    // At the limits, the address is taken.
    const longest = `${'a'.repeat(64)}@${domain}`;
    expect(longest).toHaveLength(254);
    expect((await invite(longest)).data!.createUser).toMatchObject({
      user: { email: longest },
      userErrors: [],
    });
    // The command line invites through the same command, and so refuses the same.
    await expect(
      createUser(app.runtime.deps, project.projectId, { email: longLocal, role: 'viewer' }),
    ).rejects.toMatchObject({ field: 'email' });
    const [stored] = await sql<{ n: number }>(
      app.databaseUrl,
      'select count(*)::int as n from merchant_users where project_id = $1 and length(email) > 200',
      [project.projectId],
    );
    expect(stored!.n).toBe(1);
  });

  it('refuses easy passwords: repeats, blanks, the e-mail address, the product name, common ones', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId, 'viewer');
    const gql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, user.email, user.password));
    for (const weak of [
      'aaaaaaaaaaaa',
      ' '.repeat(12),
      `${user.email}1`,
      'paymentsgateway1',
      'qwertyuiop123',
    ]) {
      const { data } = await gql<{
        changePassword: { changed: boolean | null; userErrors: { field: string; code: string }[] };
      }>(CHANGE, { input: { currentPassword: user.password, newPassword: weak } });
      expect({ weak, answer: data!.changePassword }).toEqual({
        weak,
        answer: {
          changed: null,
          userErrors: [expect.objectContaining({ field: 'input.newPassword', code: 'weak_password' })],
        },
      });
    }
    // The command line's own passwords are held to the same rule.
    await expect(
      createUser(app.runtime.deps, project.projectId, {
        email: 'weak@shop.example',
        role: 'viewer',
        password: 'aaaaaaaaaaaa',
      }),
    ).rejects.toMatchObject({ code: 'weak_password', field: 'password' });
  });

  it('changes a password with the current one; the other sessions end, this one stays', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId, 'developer');
    const here = await signIn(app.baseUrl, user.email, user.password);
    const elsewhere = await signIn(app.baseUrl, user.email, user.password);
    const gql = sessionGraphql(app.baseUrl, here);
    const wrong = await gql<{ changePassword: { userErrors: { field: string; code: string }[] } }>(CHANGE, {
      input: { currentPassword: 'not my password at all', newPassword: STRONG },
    });
    expect(wrong.data!.changePassword.userErrors).toEqual([
      expect.objectContaining({ field: 'input.currentPassword', code: 'wrong_password' }),
    ]);
    const changed = await gql<{ changePassword: { changed: boolean } }>(CHANGE, {
      input: { currentPassword: user.password, newPassword: STRONG },
    });
    expect(changed.data!.changePassword.changed).toBe(true);
    expect((await sessionGraphql(app.baseUrl, elsewhere)('{ viewer { role } }')).status).toBe(401);
    expect((await gql('{ viewer { role } }')).data).toEqual({ viewer: { role: 'DEVELOPER' } });
    expect(await signInStatus(user.email, user.password)).toBe(401);
    expect(await signInStatus(user.email, STRONG)).toBe(200);
  });

  it('checks at most 5 current passwords per 15 minutes, however many are sent at once', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId, 'developer');
    const gql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, user.email, user.password));
    const codes = await Promise.all(
      Array.from({ length: 24 }, async (_, index) => {
        const answer = await gql<{ changePassword: { userErrors: { code: string }[] } }>(CHANGE, {
          input: { currentPassword: `wrong guess ${index}`, newPassword: STRONG },
        });
        return answer.data!.changePassword.userErrors[0]!.code;
      }),
    );
    expect(codes.filter((code) => code === 'wrong_password')).toHaveLength(5);
    expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(19);
  });

  it("hashes with argon2id at OWASP's cost wherever the tests' cheap cost is not passed in: the command line's users", async () => {
    const project = await seedProject(app);
    const hashOf = async (userId: string) =>
      (
        await sql<{ password_hash: string }>(
          app.databaseUrl,
          'select password_hash from merchant_users where id = $1',
          [userId],
        )
      )[0]!.password_hash;
    // `npm run user:create` builds its services as a server does: no override reaches it.
    const { stdout } = await runInProcess(
      userProgram,
      [
        'create',
        '--project',
        project.projectId,
        '--email',
        `owasp-${Date.now()}@shop.example`,
        '--role',
        'viewer',
        '--json',
      ],
      { DATABASE_URL: app.databaseUrl, LOG_LEVEL: 'warn' },
    );
    const created = JSON.parse(stdout) as { user_id: string; email: string; password: string };
    expect(await hashOf(created.user_id)).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await signInStatus(created.email, created.password)).toBe(200);
    // This file's app was started with the tests' cost (test/helpers/test-app.ts), and only it.
    const seeded = await seedUser(app, project.projectId, 'viewer');
    expect(await hashOf(seeded.userId)).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await hashPassword('a password of no one')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('prints a reset link once from the command line', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId, 'viewer');
    // `npm run user:reset-password` in this process (test/identity/user-cli.test.ts spawns the real one).
    const { stdout } = await runInProcess(userProgram, ['reset-password', '--id', user.userId, '--json'], {
      DATABASE_URL: app.databaseUrl,
      LOG_LEVEL: 'warn',
      MERCHANT_PORTAL_URL: `${app.baseUrl}/portal`,
    });
    const printed = JSON.parse(stdout) as { url: string; email: string };
    expect(printed.email).toBe(user.email);
    const token = printed.url.split('#token=')[1]!;
    expect((await portal().post('/portal/password-reset', { token, password: STRONG })).status).toBe(204);
  });

  it('lets an admin issue a one-time reset link that works once, for an hour, and ends the sessions', async () => {
    const project = await seedProject(app);
    const admin = await seedUser(app, project.projectId, 'admin');
    const user = await seedUser(app, project.projectId, 'viewer');
    const userSession = await signIn(app.baseUrl, user.email, user.password);
    let gql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, admin.email, admin.password));
    const issue = async () =>
      (
        await gql<{ createPasswordReset: { url: string; expires: string; userErrors: unknown[] } }>(
          'mutation ($id: ID!) { createPasswordReset(userId: $id) { url expires userErrors { code } } }',
          { id: user.userId },
        )
      ).data!.createPasswordReset;
    const link = await issue();
    expect(link.url).toMatch(/\/portal\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    const token = link.url.split('#token=')[1]!;
    const reset = (password: string, withToken = token) =>
      portal().post('/portal/password-reset', { token: withToken, password });

    expect((await reset('aaaaaaaaaaaa')).body).toMatchObject({ error: { type: 'weak_password' } });
    expect((await reset(STRONG)).status).toBe(204);
    expect((await sessionGraphql(app.baseUrl, userSession)('{ viewer { role } }')).status).toBe(401);
    expect(await signInStatus(user.email, STRONG)).toBe(200);
    // Once only.
    expect((await reset(`${STRONG} again`)).body).toMatchObject({ error: { type: 'invalid_reset_link' } });
    // An hour only; and a newer link ends an older one.
    const late = (await issue()).url.split('#token=')[1]!;
    app.advanceClock(61 * 60_000);
    expect((await reset(`${STRONG} later`, late)).body).toMatchObject({
      error: { type: 'invalid_reset_link' },
    });
    // (The admin's session idled out meanwhile.)
    gql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, admin.email, admin.password));
    const older = (await issue()).url.split('#token=')[1]!;
    const newer = (await issue()).url.split('#token=')[1]!;
    expect((await reset(`${STRONG} older`, older)).body).toMatchObject({
      error: { type: 'invalid_reset_link' },
    });
    expect((await reset(`${STRONG} newer`, newer)).status).toBe(204);
    // Only admins issue links.
    const viewerGql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, user.email, `${STRONG} newer`));
    const refused = await viewerGql<{ createPasswordReset: { userErrors: { code: string }[] } }>(
      'mutation ($id: ID!) { createPasswordReset(userId: $id) { url userErrors { code } } }',
      { id: admin.userId },
    );
    expect(refused.data!.createPasswordReset.userErrors).toEqual([{ code: 'forbidden' }]);
  });
});
