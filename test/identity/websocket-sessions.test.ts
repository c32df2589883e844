import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { liveClient } from '../helpers/graphql-ws.ts';
import { restClient } from '../helpers/http.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('a signed-in user over graphql-ws', () => {
  let app: TestApp;
  const clients: { dispose(): Promise<void> }[] = [];

  beforeAll(async () => {
    app = await startTestApp(SESSIONS_SEND_ANY_DOCUMENT);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await app.stop();
  });

  const connect = (params: Record<string, unknown>, headers: Record<string, string>) => {
    const client = liveClient(app.baseUrl, params, headers);
    clients.push(client);
    return client;
  };

  const session = async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId, 'viewer');
    return signIn(app.baseUrl, user.email, user.password);
  };

  it("connects with the cookie of the upgrade, the CSRF token in connection_init and the server's own Origin", async () => {
    const signedIn = await session();
    const client = connect(
      { csrfToken: signedIn.csrfToken },
      { cookie: signedIn.cookie, origin: app.baseUrl },
    );
    await client.connected;
    const result = await client.client
      .iterate({ query: '{ viewer { principal role user { email } } }' })
      .next();
    expect(result.value.data).toEqual({
      viewer: { principal: 'USER', role: 'VIEWER', user: { email: signedIn.body.user.email } },
    });
    expect(result.value.errors).toBeUndefined();
  });

  it('refuses the cookie without the CSRF token, or from another Origin (4403)', async () => {
    const signedIn = await session();
    const noCsrf = connect({}, { cookie: signedIn.cookie, origin: app.baseUrl });
    expect(await noCsrf.closed).toBe(4403);
    const elsewhere = connect(
      { csrfToken: signedIn.csrfToken },
      { cookie: signedIn.cookie, origin: 'https://evil.example' },
    );
    expect(await elsewhere.closed).toBe(4403);
    const noOrigin = connect({ csrfToken: signedIn.csrfToken }, { cookie: signedIn.cookie });
    expect(await noOrigin.closed).toBe(4403);
  });

  it('closes the socket with 4403 when the user signs out', async () => {
    const signedIn = await session();
    const client = connect(
      { csrfToken: signedIn.csrfToken },
      { cookie: signedIn.cookie, origin: app.baseUrl },
    );
    await client.connected;
    const out = await restClient(app.baseUrl).call('DELETE', '/portal/session', undefined, {
      cookie: signedIn.cookie,
      'x-csrf-token': signedIn.csrfToken,
    });
    expect(out.status).toBe(204);
    expect(await client.closed).toBe(4403);
  });
});
