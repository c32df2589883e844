import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { type LiveClient, liveClient } from '../helpers/graphql-ws.ts';
import { restClient } from '../helpers/http.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Polls until `check` holds; resolves with how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('revocation across two server processes on one database', () => {
  let databaseUrl: string;
  let processA: TestApp;
  let processB: ServerProcess;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    [processA, processB] = await Promise.all([
      startTestApp({ ...SESSIONS_SEND_ANY_DOCUMENT, DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' }),
      startServerProcess({ ...SESSIONS_SEND_ANY_DOCUMENT, DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await processB.kill('SIGTERM');
    await processA.stop();
  });

  const socketOn = (baseUrl: string, params: Record<string, unknown>, headers?: Record<string, string>) => {
    const socket = liveClient(baseUrl, params, headers);
    sockets.push(socket);
    return socket;
  };

  it('refuses a key revoked on A on B within a second, and closes its open sockets on B with 4403', async () => {
    const project = await seedProject(processA);
    const onB = restClient(processB.baseUrl, project.apiKey);
    expect((await onB.post('/v1/orders/', buildOrder())).status).toBe(201); // B has the key cached now
    const socket = socketOn(processB.baseUrl, { apiKey: project.apiKey });
    await socket.connected;
    const live = socket.subscribe('subscription { orderStatusChanged { id status } }');

    const developer = await seedUser(processA, project.projectId, 'developer');
    const gql = sessionGraphql(
      processA.baseUrl,
      await signIn(processA.baseUrl, developer.email, developer.password),
    );
    const [key] = await sql<{ id: string }>(databaseUrl, 'select id from api_keys where project_id = $1', [
      project.projectId,
    ]);
    const revoked = await gql<{ revokeApiKey: { userErrors: unknown[] } }>(
      'mutation ($id: ID!) { revokeApiKey(id: $id) { userErrors { code } } }',
      { id: key!.id },
    );
    expect(revoked.data!.revokeApiKey.userErrors).toEqual([]);

    await within(
      1000,
      async () => (await onB.get('/v1/orders/00000000-0000-4000-8000-000000000000/')).status === 401,
    );
    expect(
      await Promise.race([socket.closed, new Promise((resolve) => setTimeout(() => resolve('open'), 1000))]),
    ).toBe(4403);
    expect(live.events).toEqual([]);
  });

  it('closes on B the sockets of a user removed on A, and of a session signed out on A', async () => {
    const project = await seedProject(processA);
    const admin = await seedUser(processA, project.projectId, 'admin');
    const doomed = await seedUser(processA, project.projectId, 'viewer');
    const adminSession = await signIn(processA.baseUrl, admin.email, admin.password);
    const doomedSession = await signIn(processB.baseUrl, doomed.email, doomed.password);
    const origin = { origin: processB.baseUrl };
    const doomedSocket = socketOn(
      processB.baseUrl,
      { csrfToken: doomedSession.csrfToken },
      { cookie: doomedSession.cookie, ...origin },
    );
    const adminSocket = socketOn(
      processB.baseUrl,
      { csrfToken: adminSession.csrfToken },
      { cookie: adminSession.cookie, ...origin },
    );
    await Promise.all([doomedSocket.connected, adminSocket.connected]);

    await sessionGraphql(processA.baseUrl, adminSession)(
      'mutation ($id: ID!) { removeUser(id: $id) { removedUserId } }',
      {
        id: doomed.userId,
      },
    );
    expect(
      await Promise.race([
        doomedSocket.closed,
        new Promise((resolve) => setTimeout(() => resolve('open'), 1000)),
      ]),
    ).toBe(4403);
    expect((await sessionGraphql(processB.baseUrl, doomedSession)('{ viewer { role } }')).status).toBe(401);

    await restClient(processA.baseUrl).call('DELETE', '/portal/session', undefined, {
      cookie: adminSession.cookie,
      'x-csrf-token': adminSession.csrfToken,
    });
    expect(
      await Promise.race([
        adminSocket.closed,
        new Promise((resolve) => setTimeout(() => resolve('open'), 1000)),
      ]),
    ).toBe(4403);
  });
});
