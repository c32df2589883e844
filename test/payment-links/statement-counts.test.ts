import { type SeededProject, seedProject } from '../factories/project.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { besidesAuthentication, type StatementLog, statementLog } from '../helpers/statement-log.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createLink, openLink } from './support.ts';

/** A statement's name (prepared) or its first words. */
const shapeOf = (statement: string) =>
  /^[a-z_.]+\.[a-z_0-9.]+:/.test(statement)
    ? statement.slice(0, statement.indexOf(':'))
    : statement.slice(0, 20);

describe('statements per payment link request', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let log: StatementLog;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    log = await statementLog(app);
  });
  afterAll(() => app.stop());

  const during = async (work: () => Promise<unknown>) =>
    besidesAuthentication(await log.during(work))
      .filter((statement) => !statement.startsWith('insert into audit_events'))
      .map(shapeOf);

  it('creates a link in one statement and reads one in one', async () => {
    // The link and its audit entry, committed together (issue 27) as the parts of one statement.
    expect(await during(() => api.post('/v1/payment-links/', { amount: 100, currency: 'EUR' }))).toEqual([
      expect.stringMatching(/^payment_links\.insert\.\d+$/),
    ]);
    const link = await createLink(api);
    expect(await during(() => api.get(`/v1/payment-links/${link.id}/`))).toEqual(['payment_links.read']);
    expect(await during(() => api.post(`/v1/payment-links/${link.id}/deactivate/`))).toEqual([
      'begin',
      'audit.insert',
      'payment_links.deactivate',
      'commit',
    ]);
  });

  it('opens a link in one transaction: lock, read its orders, write the order in one statement', async () => {
    const link = await createLink(api, { single_use: true });
    const statements = await during(() => openLink(link.url));
    expect(statements).toEqual([
      expect.stringMatching(/^begin/i),
      'payment_links.lock',
      'payment_links.opening_facts',
      expect.stringMatching(/^orders\.write\.\d+$/),
      expect.stringMatching(/^commit/i),
    ]);
  });
});
