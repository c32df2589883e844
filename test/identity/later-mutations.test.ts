import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { sql, waitingOnLock, whileLocked } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

/**
 * A document may hold several mutation fields (without an Idempotency-Key); they run one after the other. When
 * one of them ends the caller (removes the signed-in user, or the key is revoked while the document runs), the
 * fields after it must not run as that caller any more: each later field asks who the caller is now.
 */
describe('the mutation fields after the one that ended their caller', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(SESSIONS_SEND_ANY_DOCUMENT);
  });
  afterAll(() => app.stop());

  const signedIn = async (projectId: string, role: 'admin' | 'developer') => {
    const user = await seedUser(app, projectId, role);
    return { user, gql: sessionGraphql(app.baseUrl, await signIn(app.baseUrl, user.email, user.password)) };
  };
  const countOf = async (table: string, projectId: string) =>
    Number(
      (
        await sql<{ n: string }>(
          app.databaseUrl,
          `select count(*) as n from ${table} where project_id = $1`,
          [projectId],
        )
      )[0]!.n,
    );

  it('refuses the fields after a removeUser of oneself, and makes no key, order or user for the removed user', async () => {
    const { projectId } = await seedProject(app);
    await seedUser(app, projectId, 'admin'); // not the last admin: the removal goes through
    const { user, gql } = await signedIn(projectId, 'admin');
    const keysBefore = await countOf('api_keys', projectId);
    const usersBefore = await countOf('merchant_users', projectId);

    const answer = await gql<Json>(
      `mutation ($self: ID!) {
        removeUser(id: $self) { userErrors { code } }
        createApiKey(label: "after my removal") { secret userErrors { code message } }
        createUser(input: { email: "invited-after@shop.example", role: ADMIN }) { password userErrors { code } }
        createOrder(input: { amount: 100, currency: "EUR" }) { order { id } userErrors { code } }
      }`,
      { self: user.userId },
    );

    expect(answer.data!.removeUser.userErrors).toEqual([]);
    expect(answer.data!.createApiKey).toEqual({
      secret: null,
      userErrors: [{ code: 'unauthorized', message: expect.stringContaining('credential no longer works') }],
    });
    expect(answer.data!.createUser).toEqual({ password: null, userErrors: [{ code: 'unauthorized' }] });
    expect(answer.data!.createOrder).toEqual({ order: null, userErrors: [{ code: 'unauthorized' }] });
    expect(await countOf('api_keys', projectId)).toBe(keysBefore);
    expect(await countOf('merchant_users', projectId)).toBe(usersBefore - 1);
    expect(await countOf('orders', projectId)).toBe(0);
  });

  it('refuses the fields after the request’s own key was revoked while the document ran', async () => {
    const { projectId, apiKey } = await seedProject(app);
    const { gql: developer } = await signedIn(projectId, 'developer');
    const [{ id: keyId }] = await sql<{ id: string }>(
      app.databaseUrl,
      'select id from api_keys where project_id = $1',
      [projectId],
    );
    const viaKey = graphqlClient(app.baseUrl, apiKey);

    // The first field waits at its insert (orders locked) while the key is revoked; then the lock goes.
    const { sent } = await whileLocked(app.databaseUrl, 'orders', 'share', async () => {
      const sent = viaKey<Json>(
        `mutation {
          first: createOrder(input: { amount: 100, currency: "EUR" }) { order { id } userErrors { code } }
          second: createOrder(input: { amount: 200, currency: "EUR" }) { order { id } userErrors { code } }
        }`,
      );
      await eventually(async () => (await waitingOnLock(app.databaseUrl, 'insert into orders')) === 1);
      const revoked = await developer<Json>(
        'mutation ($id: ID!) { revokeApiKey(id: $id) { userErrors { code } } }',
        { id: keyId },
      );
      expect(revoked.data!.revokeApiKey.userErrors).toEqual([]);
      return { sent }; // (a promise returned as such would be awaited under the lock)
    });
    const answer = await sent;

    expect(answer.data!.first.order.id).toEqual(expect.any(String));
    expect(answer.data!.second).toEqual({ order: null, userErrors: [{ code: 'unauthorized' }] });
    expect(await countOf('orders', projectId)).toBe(1);
  });

  it('runs every field of a document whose caller stays, checking the caller only after the first', async () => {
    const { projectId, apiKey } = await seedProject(app);
    const answer = await graphqlClient(
      app.baseUrl,
      apiKey,
    )<Json>(
      `mutation {
        first: createOrder(input: { amount: 100, currency: "EUR" }) { order { id } userErrors { code } }
        second: createOrder(input: { amount: 200, currency: "EUR" }) { order { id } userErrors { code } }
      }`,
    );
    expect(answer.data!.first.userErrors).toEqual([]);
    expect(answer.data!.second.userErrors).toEqual([]);
    expect(await countOf('orders', projectId)).toBe(2);
  });
});
