import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { operationOverWebSocket } from '../helpers/graphql-ws.ts';
import { restClient } from '../helpers/http.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

interface KeyView {
  id: string;
  role: string;
  active: boolean;
  createdBy: { id: string; email: string } | null;
  owner: { id: string; email: string } | null;
}

const KEY = 'id role active createdBy { id email } owner { id email }';
const CREATE = `mutation ($label: String!, $role: Role) {
  createApiKey(label: $label, role: $role) { apiKey { ${KEY} } secret userErrors { code field } }
}`;
const AUDIT_LOG = '{ auditLog(first: 1) { edges { node { action } } } }';

describe('API key roles', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(SESSIONS_SEND_ANY_DOCUMENT);
  });
  afterAll(() => app.stop());

  const signedIn = async (projectId: string, role: 'admin' | 'developer' | 'viewer') => {
    const user = await seedUser(app, projectId, role);
    return { user, gql: sessionGraphql(app.baseUrl, await signIn(app.baseUrl, user.email, user.password)) };
  };
  type Gql = Awaited<ReturnType<typeof signedIn>>['gql'];
  const createKey = async (gql: Gql, role?: string) =>
    (
      await gql<{ createApiKey: { apiKey: KeyView | null; secret: string | null; userErrors: unknown[] } }>(
        CREATE,
        {
          label: 'made in a test',
          role,
        },
      )
    ).data!.createApiKey;

  it("gives a developer's key the developer role: it cannot read the admin-only audit log", async () => {
    const project = await seedProject(app);
    const { user, gql } = await signedIn(project.projectId, 'developer');
    const { apiKey, secret } = await createKey(gql);
    expect(apiKey).toEqual({
      id: expect.any(String),
      role: 'DEVELOPER',
      active: true,
      createdBy: { id: user.userId, email: user.email },
      owner: { id: user.userId, email: user.email },
    });
    const asKey = graphqlClient(app.baseUrl, secret!);
    const refused = await asKey(AUDIT_LOG);
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await asKey('{ viewer { role principal } }')).data).toEqual({
      viewer: { role: 'DEVELOPER', principal: 'API_KEY' },
    });
    // A developer cannot mint an admin key, nor roll one.
    expect(await createKey(gql, 'ADMIN')).toEqual({
      apiKey: null,
      secret: null,
      userErrors: [{ code: 'role_above_yours', field: 'role' }],
    });
    const { gql: admin } = await signedIn(project.projectId, 'admin');
    const adminKey = (await createKey(admin)).apiKey!;
    expect(adminKey.role).toBe('ADMIN');
    expect(
      (await graphqlClient(app.baseUrl, (await createKey(admin)).secret!)(AUDIT_LOG)).errors,
    ).toBeUndefined();
    const roll = await gql<{ rollApiKey: { secret: string | null; userErrors: { code: string }[] } }>(
      'mutation ($id: ID!) { rollApiKey(id: $id) { secret userErrors { code } } }',
      { id: adminKey.id },
    );
    expect(roll.data!.rollApiKey).toEqual({ secret: null, userErrors: [{ code: 'role_above_yours' }] });
  });

  it('holds a viewer key to reading, over REST, GraphQL and WebSocket alike', async () => {
    const project = await seedProject(app);
    const { gql } = await signedIn(project.projectId, 'admin');
    const { apiKey, secret } = await createKey(gql, 'VIEWER');
    expect(apiKey!.role).toBe('VIEWER');
    const { body: order } = await restClient(app.baseUrl, project.apiKey).post<{ id: string }>(
      '/v1/orders/',
      buildOrder(),
    );

    const rest = restClient(app.baseUrl, secret!);
    expect((await rest.get(`/v1/orders/${order.id}/`)).status).toBe(200);
    expect((await rest.post('/v1/search/orders/', { query: '*' })).status).toBe(200);
    const write = await rest.post('/v1/orders/', buildOrder());
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ error: { status: 403, type: 'forbidden' } });
    expect((await rest.post(`/v1/orders/${order.id}/refunds/`, { amount: 1 })).status).toBe(403);

    const createOrder =
      'mutation { createOrder(input: { amount: 100, currency: "EUR" }) { order { id } userErrors { code } } }';
    expect((await graphqlClient(app.baseUrl, secret!)(createOrder)).data).toEqual({
      createOrder: { order: null, userErrors: [{ code: 'forbidden' }] },
    });
    expect(await operationOverWebSocket(app.baseUrl, secret!, createOrder)).toEqual({
      data: { createOrder: { order: null, userErrors: [{ code: 'forbidden' }] } },
    });
    expect(await operationOverWebSocket(app.baseUrl, secret!, `{ order(id: "${order.id}") { id } }`)).toEqual(
      {
        data: { order: { id: order.id } },
      },
    );
  });

  it('revokes the keys of a removed user, except a key an admin took over', async () => {
    const project = await seedProject(app);
    const { user: developer, gql: developerGql } = await signedIn(project.projectId, 'developer');
    const { user: admin, gql: adminGql } = await signedIn(project.projectId, 'admin');
    const kept = await createKey(developerGql);
    const dropped = await createKey(developerGql);
    const takenOver = await adminGql<{ takeOverApiKey: { apiKey: KeyView; userErrors: unknown[] } }>(
      `mutation ($id: ID!) { takeOverApiKey(id: $id) { apiKey { ${KEY} } userErrors { code } } }`,
      { id: kept.apiKey!.id },
    );
    expect(takenOver.data!.takeOverApiKey).toEqual({
      apiKey: {
        ...kept.apiKey,
        createdBy: { id: developer.userId, email: developer.email },
        owner: { id: admin.userId, email: admin.email },
      },
      userErrors: [],
    });
    // A developer may not take keys over.
    const refused = await developerGql<{ takeOverApiKey: { userErrors: { code: string }[] } }>(
      'mutation ($id: ID!) { takeOverApiKey(id: $id) { userErrors { code } } }',
      { id: dropped.apiKey!.id },
    );
    expect(refused.data!.takeOverApiKey.userErrors).toEqual([{ code: 'forbidden' }]);

    expect((await restClient(app.baseUrl, dropped.secret!).post('/v1/orders/', buildOrder())).status).toBe(
      201,
    );
    const removed = await adminGql<{ removeUser: { removedUserId: string } }>(
      'mutation ($id: ID!) { removeUser(id: $id) { removedUserId userErrors { code } } }',
      { id: developer.userId },
    );
    expect(removed.data!.removeUser.removedUserId).toBe(developer.userId);

    expect((await restClient(app.baseUrl, dropped.secret!).post('/v1/orders/', buildOrder())).status).toBe(
      401,
    );
    expect((await restClient(app.baseUrl, kept.secret!).post('/v1/orders/', buildOrder())).status).toBe(201);
    const { data } = await adminGql<{ apiKeys: KeyView[] }>(`{ apiKeys { ${KEY} } }`);
    expect(data!.apiKeys.find((key) => key.id === dropped.apiKey!.id)).toMatchObject({ active: false });
    expect(data!.apiKeys.find((key) => key.id === kept.apiKey!.id)).toMatchObject({ active: true });
  });

  it('keeps keys made with the project (the command line) admin keys that belong to no user', async () => {
    const project = await seedProject(app);
    const { gql } = await signedIn(project.projectId, 'admin');
    const { data } = await gql<{ apiKeys: KeyView[] }>(`{ apiKeys { ${KEY} } }`);
    expect(data!.apiKeys).toEqual([
      { id: expect.any(String), role: 'ADMIN', active: true, createdBy: null, owner: null },
    ]);
    expect((await graphqlClient(app.baseUrl, project.apiKey)(AUDIT_LOG)).errors).toBeUndefined();
  });
});
