import { createApiKey } from '../../src/modules/identity/commands/create-api-key.ts';
import { removeUser } from '../../src/modules/identity/commands/remove-user.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { sql } from '../helpers/database.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Removing a user revokes the keys it owns. Keys it makes while its removal runs must not escape that: each is
 * either made first and revoked by the removal, or refused once the removal committed.
 */
describe('a user removed while it makes API keys', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it('leaves no active key owned by the removed user, whatever the interleaving', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { projectId } = await seedProject(app);
      const developer = await seedUser(app, projectId, 'developer');
      const maker = { user: { id: developer.userId, email: developer.email }, role: 'developer' as const };
      const makes = Array.from({ length: 24 }, (_, index) =>
        createApiKey(app.runtime.deps, projectId, { label: `burst ${index}`, maker }).then(
          () => 'made',
          (error: { code?: string }) => error.code ?? 'failed',
        ),
      );
      const removal = removeUser(app.runtime.deps, projectId, developer.userId);
      const outcomes = await Promise.all(makes);
      await removal;
      expect(new Set(outcomes)).toEqual(
        new Set(outcomes.filter((o) => o === 'made' || o === 'unauthorized')),
      );
      expect(
        await sql(
          app.databaseUrl,
          'select id from api_keys where owner_user_id = $1 and revoked_at is null',
          [developer.userId],
        ),
      ).toEqual([]);
    }
  });
});
