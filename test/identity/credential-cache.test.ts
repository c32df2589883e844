import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { basicAuth } from '../helpers/http.ts';
import { type StatementLog, statementLog } from '../helpers/statement-log.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** A made-up key of the right shape (nobody holds it). */
const unknownKey = (n: number) => `sk_test_${String(n).padStart(32, 'U')}`;

/** What a client sees of a refused request, byte for byte where it matters. */
async function refusal(baseUrl: string, apiKey: string) {
  const response = await fetch(`${baseUrl}/v1/orders/`, {
    method: 'POST',
    headers: { authorization: basicAuth(apiKey), 'content-type': 'application/json' },
    body: JSON.stringify(buildOrder()),
  });
  return {
    status: response.status,
    wwwAuthenticate: response.headers.get('www-authenticate'),
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  };
}

/**
 * The statements `work` sent, but the rate limits' shared counters: since issue 27 a refused authentication is
 * counted in PostgreSQL (platform/limits), which is the limit's cost, not the credential cache's.
 */
async function statementsDuring(log: StatementLog, work: () => Promise<unknown>): Promise<string[]> {
  return (await log.during(work)).filter((statement) => !statement.startsWith('limits.'));
}

/** The statements that looked a credential up. */
const keyLookups = (statements: string[]) => statements.filter((statement) => /\bapi_keys\b/.test(statement));

/**
 * The credential cache remembers unknown API keys too (issue 12): a client repeating a bad key costs the
 * database one statement, then none while the miss is remembered; the miss is short-lived and the memory bounded.
 */
describe('the credential cache and unknown API keys', () => {
  describe('with the default settings', () => {
    let app: TestApp;
    let log: StatementLog;

    beforeAll(async () => {
      app = await startTestApp({ JOBS_ENABLED: 'false' });
      log = await statementLog(app);
    });
    afterAll(() => app.stop());

    it('asks the database about a repeated unknown key once, and answers every repeat with the same 401', async () => {
      const answers: Awaited<ReturnType<typeof refusal>>[] = [];
      const first = await statementsDuring(log, async () =>
        answers.push(await refusal(app.baseUrl, unknownKey(1))),
      );
      const repeats = await statementsDuring(log, async () => {
        for (let i = 0; i < 5; i++) answers.push(await refusal(app.baseUrl, unknownKey(1)));
      });

      expect(keyLookups(first)).toHaveLength(1);
      expect(repeats).toEqual([]);
      expect(answers[0]).toEqual({
        status: 401,
        wwwAuthenticate: 'Basic realm="payments", charset="UTF-8"',
        contentType: expect.stringMatching(/^application\/json/),
        body: expect.stringContaining('"type":"unauthorized"'),
      });
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    });

    it('answers a repeated unknown key over GraphQL from the same memory', async () => {
      const graphql = graphqlClient(app.baseUrl, unknownKey(2));
      const first = await statementsDuring(log, () => graphql('{ viewer { role } }'));
      let repeated = { status: 0 };
      const repeats = await statementsDuring(log, async () => {
        for (let i = 0; i < 3; i++) repeated = await graphql('{ viewer { role } }');
      });
      expect(keyLookups(first)).toHaveLength(1);
      expect(repeats).toEqual([]);
      expect(repeated.status).toBe(401);
    });

    it('still asks about each different unknown key', async () => {
      const statements = await statementsDuring(log, async () => {
        for (const n of [3, 4, 5]) await refusal(app.baseUrl, unknownKey(n));
      });
      expect(keyLookups(statements)).toHaveLength(3);
    });
  });

  describe('with a two-second lifetime and room for two credentials of each kind', () => {
    let app: TestApp;
    let log: StatementLog;

    beforeAll(async () => {
      app = await startTestApp({
        JOBS_ENABLED: 'false',
        CREDENTIAL_CACHE_TTL_SECONDS: '2',
        CREDENTIAL_CACHE_SIZE: '2',
      });
      log = await statementLog(app);
    });
    afterAll(() => app.stop());

    it('forgets a miss after its lifetime, then asks again', async () => {
      await refusal(app.baseUrl, unknownKey(10));
      expect(await statementsDuring(log, () => refusal(app.baseUrl, unknownKey(10)))).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const statements = await statementsDuring(log, () => refusal(app.baseUrl, unknownKey(10)));
      expect(keyLookups(statements)).toHaveLength(1);
    });

    it('keeps at most its size of misses, and a flood of made-up keys never pushes a real key out', async () => {
      const project = await seedProject(app);
      const order = () =>
        fetch(`${app.baseUrl}/v1/orders/`, {
          method: 'POST',
          headers: { authorization: basicAuth(project.apiKey), 'content-type': 'application/json' },
          body: JSON.stringify(buildOrder()),
        });
      expect((await order()).status).toBe(201);
      // Three misses in a cache of two: the oldest is forgotten.
      for (const n of [20, 21, 22]) await refusal(app.baseUrl, unknownKey(n));

      const realKey = await statementsDuring(log, async () => expect((await order()).status).toBe(201));
      expect(keyLookups(realKey).filter((statement) => /\bkey_hash\b/.test(statement))).toEqual([]);
      expect(await statementsDuring(log, () => refusal(app.baseUrl, unknownKey(22)))).toEqual([]);
      expect(
        keyLookups(await statementsDuring(log, () => refusal(app.baseUrl, unknownKey(20)))),
      ).toHaveLength(1);
    });
  });
});
