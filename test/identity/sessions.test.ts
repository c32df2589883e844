import { createHash } from 'node:crypto';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const VIEWER = '{ viewer { role principal user { id email role } apiKeyPrefix project { id } } }';

describe('merchant users signing in to the portal', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      ...SESSIONS_SEND_ANY_DOCUMENT,
      SESSION_IDLE_TIMEOUT: 'PT30M',
      SESSION_MAX_LIFETIME: 'PT1H',
    });
  });
  afterAll(() => app.stop());

  const portal = () => restClient(app.baseUrl);

  it('signs in with e-mail and password: the user, the project, a CSRF token and an HttpOnly SameSite=Strict cookie', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId, 'developer');
    const response = await portal().post('/portal/session', { email: user.email, password: user.password });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      user: { id: user.userId, email: user.email, role: 'developer' },
      project_id: project.projectId,
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const cookie = response.headers.get('set-cookie')!;
    // Plain-http loopback outside production: no Secure (the browser would drop it), no __Host- prefix.
    expect(cookie).toMatch(
      /^portal_session=[A-Za-z0-9_-]{43}; Max-Age=3600; Path=\/; HttpOnly; SameSite=Strict$/,
    );
  });

  it('accepts the e-mail address in any case', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId);
    const session = await signIn(app.baseUrl, user.email.toUpperCase(), user.password);
    expect(session.body.user.email).toBe(user.email);
  });

  it('answers a wrong password and an unknown address with the same generic 401', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId);
    const wrong = await portal().post('/portal/session', { email: user.email, password: 'not-the-password' });
    const unknown = await portal().post('/portal/session', {
      email: 'nobody@shop.example',
      password: 'whatever-it-is',
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      error: {
        status: 401,
        type: 'invalid_credentials',
        value: 'The e-mail address or password is incorrect',
      },
    });
  });

  it('refuses a malformed sign-in body with a 400 and a form post with a 415', async () => {
    expect((await portal().post('/portal/session', { email: 'a@b.example' })).status).toBe(400);
    expect(
      (await portal().post('/portal/session', { email: 'a@b.example', password: 'x', extra: 1 })).status,
    ).toBe(400);
    const form = await portal().call('POST', '/portal/session', 'email=a&password=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
  });

  it('keeps only a hash of the session token in PostgreSQL', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId);
    const session = await signIn(app.baseUrl, user.email, user.password);
    const token = session.cookie.split('=')[1]!;
    const rows = await sql<{ token_hash: string }>(
      app.databaseUrl,
      'select token_hash from merchant_sessions where user_id = $1',
      [user.userId],
    );
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    const dump = JSON.stringify(await sql(app.databaseUrl, 'select * from merchant_sessions'));
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(session.csrfToken);
  });

  it('answers the current session to GET (a reload of the single-page app), and 401 without one', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId, 'viewer');
    const session = await signIn(app.baseUrl, user.email, user.password);
    const current = await portal().get('/portal/session', { cookie: session.cookie });
    expect(current.status).toBe(200);
    expect(current.body).toEqual(session.body);
    const none = await portal().get('/portal/session');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: { status: 401, type: 'unauthorized' } });
  });

  it('gives a new token at every sign-in and ends the session the browser had', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId);
    const first = await signIn(app.baseUrl, user.email, user.password);
    const response = await portal().post(
      '/portal/session',
      { email: user.email, password: user.password },
      { cookie: first.cookie },
    );
    const second = response.headers.get('set-cookie')!.split(';')[0]!;
    expect(second).not.toBe(first.cookie);
    expect((await portal().get('/portal/session', { cookie: first.cookie })).status).toBe(401);
    expect((await portal().get('/portal/session', { cookie: second })).status).toBe(200);
  });

  it('lets GraphQL use the session with its CSRF header, and refuses the cookie without it', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId, 'viewer');
    const session = await signIn(app.baseUrl, user.email, user.password);
    const gql = sessionGraphql(app.baseUrl, session);
    const { data } = await gql(VIEWER);
    expect(data).toEqual({
      viewer: {
        role: 'VIEWER',
        principal: 'USER',
        user: { id: user.userId, email: user.email, role: 'VIEWER' },
        apiKeyPrefix: null,
        project: { id: project.projectId },
      },
    });
    const withoutCsrf = await gql(VIEWER, {}, { csrf: false });
    expect(withoutCsrf.status).toBe(403);
    expect(withoutCsrf).toMatchObject({ error: { status: 403, type: 'csrf_token_invalid' } });
    const wrongCsrf = await sessionGraphql(app.baseUrl, {
      cookie: session.cookie,
      csrfToken: 'x'.repeat(43),
    })(VIEWER);
    expect(wrongCsrf.status).toBe(403);
    const csrfAlone = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
      body: JSON.stringify({ query: VIEWER }),
    });
    expect(csrfAlone.status).toBe(401);
  });

  it('signs out with DELETE (CSRF header required): the cookie is cleared and the session refused everywhere', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId);
    const session = await signIn(app.baseUrl, user.email, user.password);
    const gql = sessionGraphql(app.baseUrl, session);
    expect((await gql(VIEWER)).data).toBeTruthy();

    const forged = await portal().call('DELETE', '/portal/session', undefined, { cookie: session.cookie });
    expect(forged.status).toBe(403);
    expect((await portal().get('/portal/session', { cookie: session.cookie })).status).toBe(200);

    const out = await portal().call('DELETE', '/portal/session', undefined, {
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
    });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(
      /^portal_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect((await portal().get('/portal/session', { cookie: session.cookie })).status).toBe(401);
    expect((await gql(VIEWER)).status).toBe(401);
    const rows = await sql<{ ended_at: Date | null }>(
      app.databaseUrl,
      'select ended_at from merchant_sessions where user_id = $1',
      [user.userId],
    );
    expect(rows[0]!.ended_at).not.toBeNull();
    // Signing out again (or without a session) is harmless.
    expect((await portal().call('DELETE', '/portal/session')).status).toBe(204);
  });

  it('ends a session after the idle timeout', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId);
    const session = await signIn(app.baseUrl, user.email, user.password);
    app.advanceClock(31 * 60_000);
    expect((await portal().get('/portal/session', { cookie: session.cookie })).status).toBe(401);
  });

  it('keeps a used session alive past the idle timeout, but never past its absolute lifetime', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId);
    const session = await signIn(app.baseUrl, user.email, user.password);
    const get = () => portal().get('/portal/session', { cookie: session.cookie });
    for (let i = 0; i < 2; i++) {
      app.advanceClock(20 * 60_000);
      expect((await get()).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the touch is written after the answer
    }
    const seen = await sql<{ last_seen_at: Date; created_at: Date }>(
      app.databaseUrl,
      'select last_seen_at, created_at from merchant_sessions where user_id = $1',
      [user.userId],
    );
    expect(seen[0]!.last_seen_at.getTime() - seen[0]!.created_at.getTime()).toBeGreaterThanOrEqual(
      39 * 60_000,
    );
    app.advanceClock(25 * 60_000); // 65 minutes after sign-in: past the 1 h lifetime, though used 25 minutes ago
    expect((await get()).status).toBe(401);
  });
});
