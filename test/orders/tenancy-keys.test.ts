import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

/**
 * The database's own guard (migration 20261125100000): an order's key to its project is the pair (project,
 * merchant), so an order naming another merchant than its project's is refused at commit, whatever wrote it.
 */
describe("an order's merchant is its project's merchant", () => {
  let app: TestApp;
  let project: SeededProject;
  let other: SeededProject;
  let paid: Json;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    other = await seedProject(app, { name: 'Other shop' });
    paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  /** Runs the statement in a transaction of its own; resolves to the SQLSTATE its commit failed with, if any. */
  async function failureOf(text: string, params: unknown[]): Promise<string | null> {
    try {
      await sql(
        app.databaseUrl,
        `with changed as (${text} returning 1) select count(*)::int as n from changed`,
        params,
      );
      return null;
    } catch (error) {
      return (error as { code?: string }).code ?? 'unknown';
    }
  }

  it("refuses an order whose merchant is not its project's", async () => {
    expect(
      await failureOf('update orders set merchant_id = $1 where id = $2', [other.merchantId, paid.id]),
    ).toBe('23503');
  });
});
