import { serverAudits } from 'graphql-http';
import { seedProject } from '../factories/project.ts';
import { basicAuth } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The GraphQL over HTTP specification's server audit (graphql-http), against /graphql and the subgraph with an
 * API key: no audit may fail. Warnings and notices are the specification's "should"s the server does otherwise
 * on purpose (e.g. 400, not 200, for a document it refuses before parsing).
 */
describe('the graphql-http server audit', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp();
    apiKey = (await seedProject(app)).apiKey;
  });
  afterAll(() => app.stop());

  it.each(['/graphql', '/graphql/subgraph'])('passes on %s with no error', async (path) => {
    const audits = serverAudits({
      url: `${app.baseUrl}${path}`,
      fetchFn: (input: string | URL | Request, init?: RequestInit) =>
        fetch(input, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), authorization: basicAuth(apiKey) },
        }),
    });
    const results = await Promise.all(
      audits.map(async (audit) => ({ ...(await audit.fn()), name: audit.name })),
    );
    const errors = results.filter((result) => result.status === 'error').map((result) => result.name);
    expect(errors).toEqual([]);
    expect(results.filter((result) => result.status === 'ok').length).toBeGreaterThanOrEqual(50);
  });
});
