import { seedProject } from '../factories/project.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('/metrics on the public port in production', () => {
  let open: TestApp;
  let guarded: TestApp;

  beforeAll(async () => {
    [open, guarded] = await Promise.all([
      startTestApp({ NODE_ENV: 'production' }),
      startTestApp({ NODE_ENV: 'production', METRICS_TOKEN: 'a-monitoring-token-of-some-length' }),
    ]);
  });
  afterAll(() => Promise.all([open.stop(), guarded.stop()]));

  it('is not served without a token configured', async () => {
    expect((await fetch(`${open.baseUrl}/metrics`)).status).toBe(404);
  });

  it('is served with the configured bearer token only', async () => {
    expect((await fetch(`${guarded.baseUrl}/metrics`)).status).toBe(404);
    const wrong = await fetch(`${guarded.baseUrl}/metrics`, {
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.status).toBe(404);
    const right = await fetch(`${guarded.baseUrl}/metrics`, {
      headers: { authorization: 'Bearer a-monitoring-token-of-some-length' },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('http_request_duration_seconds');
  });
});

describe('the alias limit', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it('counts aliases of __typename: 500 of them are refused like any 16 aliases', async () => {
    const project = await seedProject(app);
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    const many = Array.from({ length: 500 }, (_, i) => `t${i}: __typename`).join(' ');
    const refused = await gql(`{ ${many} }`);
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]?.extensions?.code).toBe('MAX_ALIASES_EXCEEDED');
    const sixteen = Array.from({ length: 16 }, (_, i) => `t${i}: __typename`).join(' ');
    expect((await gql(`{ ${sixteen} }`)).errors?.[0]?.extensions?.code).toBe('MAX_ALIASES_EXCEEDED');
    const fifteen = Array.from({ length: 15 }, (_, i) => `t${i}: __typename`).join(' ');
    expect((await gql(`{ ${fifteen} }`)).errors).toBeUndefined();
  });
});
