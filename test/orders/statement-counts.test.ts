import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { besidesAuthentication, type StatementLog, statementLog } from '../helpers/statement-log.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

/**
 * Round trips per request, counted on the app's database pool as PostgreSQL's statement log would show them
 * (issue 12). Authenticating the API key is left out: it is the key cache's to answer.
 */
describe('statements per request', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let log: StatementLog;
  let paid: Json;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    log = await statementLog(app);
    paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  it('reads an order over REST in one prepared statement', async () => {
    let body: unknown;
    const statements = await log.during(async () => {
      body = (await api.get(`/v1/orders/${paid.id}/`)).body;
    });
    expect(body).toEqual(paid);
    expect(besidesAuthentication(statements)).toEqual([expect.stringMatching(/^orders\.read_views: select/)]);
  });

  it('answers an unknown order with the same one statement', async () => {
    const statements = await log.during(() => api.get('/v1/orders/5f1c0000-0000-4000-8000-000000000000/'));
    expect(besidesAuthentication(statements)).toHaveLength(1);
  });
});
