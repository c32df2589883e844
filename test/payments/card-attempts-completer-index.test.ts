import { ABANDONED_CARD_ATTEMPTS } from '../../src/modules/payments/payment.repository.ts';
import { buildOwnCheckoutOrder } from '../factories/order.ts';
import { storeCard } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;
type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Actual Rows': number; Plans?: PlanNode[] };

/** Every node of a plan, depth first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The completer of hosted card attempts runs every few seconds in every process with background work. Own
 * checkouts waiting for their customer's card are also credit-card transactions left `new`, and there are many of
 * them while orders are open. Its query must not read them: the attempts it looks for always have their card
 * stored (migration 20261129400000).
 */
describe("the card attempts completer's query", () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  it('reads none of the own checkouts waiting for their card, and finds one whose card was stored', async () => {
    const waiting = await Promise.all(
      Array.from({ length: 40 }, () => api.post<Json>('/v1/orders/', buildOwnCheckoutOrder())),
    );
    expect(waiting.map((answer) => answer.status)).toEqual(waiting.map(() => 201));
    const explain = async () => {
      const [row] = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        app.databaseUrl,
        `explain (analyze, format json) ${ABANDONED_CARD_ATTEMPTS}`,
        ['credit-card', new Date(Date.now() + 60_000), 100],
      );
      return nodesOf(row!['QUERY PLAN'][0].Plan);
    };

    const scans = (await explain()).filter((node) => node['Index Name']?.startsWith('transactions_'));
    expect(scans.map((node) => [node['Index Name'], node['Actual Rows']])).toEqual([
      ['transactions_card_attempts_idx', 0],
    ]);

    // An own checkout whose card was stored is read (and dropped by the join: it is not a hosted attempt).
    await storeCard(app, project.apiKey, {
      setupToken: waiting[0]!.body.transactions[0].payment_method_details.setup_token,
    });
    const after = (await explain()).filter((node) => node['Index Name'] === 'transactions_card_attempts_idx');
    expect(after.map((node) => node['Actual Rows'])).toEqual([1]);
  });
});
