import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { sql } from '../helpers/database.ts';
import { liveClient } from '../helpers/graphql-ws.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe("a rolled key's open WebSocket", () => {
  let app: TestApp;

  beforeAll(async () => {
    // The periodic re-check of every socket is ten minutes away: the close below cannot come from it.
    app = await startTestApp({ ...SESSIONS_SEND_ANY_DOCUMENT, SOCKET_RECHECK_INTERVAL_SECONDS: '600' });
  });
  afterAll(() => app.stop());

  it('closes with 4403 when the overlap ends, by a timer, not at the next periodic check', async () => {
    const project = await seedProject(app);
    const admin = await seedUser(app, project.projectId, 'admin');
    const gql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, admin.email, admin.password));
    const socket = liveClient(app.baseUrl, { apiKey: project.apiKey });
    try {
      await socket.connected;
      let closedAt = 0;
      void socket.closed.then(() => {
        closedAt = Date.now();
      });
      const [key] = await sql<{ id: string }>(
        app.databaseUrl,
        'select id from api_keys where project_id = $1',
        [project.projectId],
      );
      const rolledAt = Date.now();
      const rolled = await gql<{ rollApiKey: { previousKey: { expires: string } } }>(
        'mutation ($id: ID!) { rollApiKey(id: $id, overlap: "PT3S") { previousKey { expires } userErrors { code } } }',
        { id: key!.id },
      );
      const ends = new Date(rolled.data!.rollApiKey.previousKey.expires).getTime();
      // Within the overlap the socket still works.
      const during = await socket.client.iterate({ query: '{ viewer { principal } }' }).next();
      expect((during.value as { data: unknown }).data).toEqual({ viewer: { principal: 'API_KEY' } });
      expect(await socket.closed).toBe(4403);
      expect(closedAt).toBeGreaterThanOrEqual(ends - 50);
      expect(closedAt - rolledAt).toBeLessThan(15_000);
    } finally {
      await socket.dispose();
    }
  });
});
