import { removeUser } from '../../src/modules/identity/commands/remove-user.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { sql } from '../helpers/database.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const REMOVE = 'mutation ($id: ID!) { removeUser(id: $id) { removedUserId userErrors { code } } }';

describe('the last admin of a project', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ ...SESSIONS_SEND_ANY_DOCUMENT, RATE_LIMIT_SIGN_IN_PER_ADDRESS: '1000' });
  });
  afterAll(() => app.stop());

  const admins = (projectId: string) =>
    sql<{ id: string }>(
      app.databaseUrl,
      "select id from merchant_users where project_id = $1 and role = 'admin'",
      [projectId],
    );

  it('survives 20 concurrent cross-removals among 3 admins, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const project = await seedProject(app);
      const users = await Promise.all([1, 2, 3].map(() => seedUser(app, project.projectId, 'admin')));
      const sessions = await Promise.all(
        users.map(async (user) =>
          sessionGraphql(app.baseUrl, await signIn(app.baseUrl, user.email, user.password)),
        ),
      );
      // Each admin removes the others, and one of them itself too: 20 removals at once.
      const removals = Array.from({ length: 20 }, (_, i) => {
        const by = i % 3;
        const target = i === 19 ? by : (by + 1 + (i % 2)) % 3;
        return sessions[by]!<{ removeUser: { removedUserId: string | null } }>(REMOVE, {
          id: users[target]!.userId,
        });
      });
      const answers = await Promise.all(removals);
      const removed = answers.filter((answer) => answer.data?.removeUser?.removedUserId).length;
      expect(removed).toBeGreaterThanOrEqual(1);
      expect(await admins(project.projectId)).toHaveLength(1);
    }
  });

  it('holds for the command line too: two removals at once, one refused with last_admin', async () => {
    for (let round = 0; round < 10; round++) {
      const project = await seedProject(app);
      const [first, second] = await Promise.all([1, 2].map(() => seedUser(app, project.projectId, 'admin')));
      const outcomes = await Promise.allSettled([
        removeUser(app.runtime.deps, null, first!.userId),
        removeUser(app.runtime.deps, null, second!.userId),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: 'last_admin' });
      expect(await admins(project.projectId)).toHaveLength(1);
    }
  });
});
