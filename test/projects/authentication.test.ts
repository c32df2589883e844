import { revokeApiKey } from '../../src/modules/identity/commands/revoke-api-key.ts';
import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('API key authentication', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  const expect401 = (response: { status: number; headers: Headers; body: unknown }) => {
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="payments", charset="UTF-8"');
    expect(response.body).toMatchObject({ error: { status: 401, type: 'unauthorized' } });
  };

  it('refuses a request without an Authorization header', async () => {
    expect401(await restClient(app.baseUrl).post('/v1/orders/', buildOrder()));
  });

  it('refuses a malformed Authorization header', async () => {
    const api = restClient(app.baseUrl);
    expect401(await api.get('/v1/orders/x/', { authorization: 'Bearer abc' }));
    expect401(await api.get('/v1/orders/x/', { authorization: 'Basic !!!' }));
  });

  it('refuses an unknown key', async () => {
    expect401(
      await restClient(app.baseUrl, 'pk_test_00000000000000000000000000000000').post(
        '/v1/orders/',
        buildOrder(),
      ),
    );
  });

  it('refuses a key sent with a non-empty password', async () => {
    const project = await seedProject(app);
    const auth = `Basic ${Buffer.from(`${project.apiKey}:secret`).toString('base64')}`;
    expect401(await restClient(app.baseUrl).get('/v1/orders/x/', { authorization: auth }));
  });

  it('refuses a revoked key and accepts it before revocation', async () => {
    const project = await seedProject(app);
    const api = restClient(app.baseUrl, project.apiKey);
    expect((await api.post('/v1/orders/', buildOrder())).status).toBe(201);
    const [key] = await sql<{ id: string }>(
      app.databaseUrl,
      'select id from api_keys where project_id = $1',
      [project.projectId],
    );
    await revokeApiKey(app.runtime.deps, project.projectId, key!.id);
    expect401(await api.post('/v1/orders/', buildOrder()));
  });

  it('stores only a hash of the key, with a short visible prefix', async () => {
    const project = await seedProject(app);
    const rows = await sql(app.databaseUrl, 'select prefix, key_hash from api_keys where project_id = $1', [
      project.projectId,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.prefix).toBe(project.apiKey.slice(0, 12));
    expect(rows[0]!.key_hash).not.toContain(project.apiKey);
    expect(JSON.stringify(rows)).not.toContain(project.apiKey.slice(12));
  });

  it('refuses GraphQL operations without a valid key with the same 401', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ project { id } }' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('Basic');
    expect(await response.json()).toMatchObject({ error: { status: 401, type: 'unauthorized' } });
  });

  it("scopes GraphQL to the key's project", async () => {
    const project = await seedProject(app, { name: 'Scoped shop' });
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    const { data } = await gql<{ project: { id: string; name: string; mode: string } }>(
      '{ project { id name mode } }',
    );
    expect(data?.project).toEqual({ id: project.projectId, name: 'Scoped shop', mode: 'TEST' });
  });
});
