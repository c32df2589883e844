import { inlineParameters } from '../../src/modules/search/report.repository.ts';
import { sqlFragment } from '../../src/modules/search/sql-fragment.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { csvObjects, insertOrders } from './support.ts';

const REPORT = '/v1/search/orders/?format=csv';

/** Text built to end a quoted SQL literal early, start a comment or a second statement, or look like a placeholder. */
const HOSTILE = [
  "x' or 'a'='a",
  "'); drop table orders; --",
  "\\'; select pg_sleep(10); --",
  "back\\slash \\\\ and quote \\'",
  '$$ dollar $$ $1 ?',
  "E'\\x27' ?? ?| -- /* */",
  'ünïcødé 😀 \t tab',
];

/**
 * The export's COPY cannot take bind parameters, so the search's values are written into it as quoted literals
 * (inlineParameters). These hold that no value can change the statement: each comes back from PostgreSQL exactly
 * as it went in, and hostile filters find exactly the orders they name.
 */
describe('the CSV report statement', () => {
  let app: TestApp;
  let shop: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    shop = await seedProject(app);
    api = restClient(app.baseUrl, shop.apiKey);
    await insertOrders(
      app.databaseUrl,
      shop,
      HOSTILE.map((text, index) => ({
        merchantOrderId: text,
        description: `about ${text}`,
        createdAt: `2026-11-${String(index + 1).padStart(2, '0')}T10:00:00Z`,
        transactions: [{ status: 'completed' }],
      })),
    );
  });
  afterAll(() => app.stop());

  it('writes every value as a literal PostgreSQL reads back unchanged', async () => {
    const values = [...HOSTILE, '', 0, 42, -7, 12.5, 9_007_199_254_740_993n];
    const text = inlineParameters(
      sqlFragment(`select ${values.map(() => 'cast(? as text)').join(', ')}`, values),
    );
    const [row] = await sql(app.databaseUrl, `${text.replace(/^select /, 'select array[')}] as values`);
    expect(row!.values).toEqual(values.map(String));
  });

  it('refuses a value it cannot write as a literal, and a placeholder count that does not match', () => {
    for (const value of [null, undefined, {}, [1], Number.NaN, Number.POSITIVE_INFINITY, new Date(0), true]) {
      expect(() => inlineParameters(sqlFragment('select ?', [value]))).toThrow();
    }
    expect(() => inlineParameters(sqlFragment('select ?, ?', ['a']))).toThrow();
    expect(() => inlineParameters(sqlFragment('select ?', ['a', 'b']))).toThrow();
  });

  it.each(HOSTILE)('finds exactly the order a hostile filter names: %j', async (text) => {
    const quoted = text.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
    const byId = await api.post<string>(REPORT, { query: `merchant_order_id:"${quoted}"` });
    expect(byId.status).toBe(200);
    expect(csvObjects(byId.text).map((line) => line.merchant_order_id)).toEqual([
      /^[=+\-@\t\r]/.test(text) ? `'${text}` : text,
    ]);
    const byDescription = await api.post<string>(REPORT, { query: `description:"${quoted}"` });
    expect(byDescription.status).toBe(200);
    expect(csvObjects(byDescription.text)).toHaveLength(1);
  });

  it('still has every order and table after the hostile filters', async () => {
    const all = await api.post<string>(REPORT, { query: '*' });
    expect(csvObjects(all.text)).toHaveLength(HOSTILE.length);
    const [row] = await sql(app.databaseUrl, 'select count(*)::int as orders from orders');
    expect(row!.orders).toBe(HOSTILE.length);
  });
});
