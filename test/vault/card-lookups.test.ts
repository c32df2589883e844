import pg from 'pg';
import {
  FIND_CARD,
  FIND_CARD_FOR_TRANSACTION,
  VaultCardRepository,
} from '../../src/modules/vault/vault-card.repository.ts';
import type { PreparedStatement } from '../../src/platform/db/prepared.ts';
import { createCardOrder, storeCard } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The card lookups of the card flow (issue 12) are plain key lookups that PostgreSQL plans once per connection:
 * after its first few executions of a named statement it keeps the generic plan instead of planning each call
 * anew, which it only does when the generic plan is no dearer than the custom ones.
 */
describe('stored card lookups', () => {
  let app: TestApp;
  let project: SeededProject;
  let card: { id: string; transactionId: string };

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    const order = await createCardOrder(app.baseUrl, project.apiKey);
    const [transaction] = order.transactions;
    const stored = await storeCard(app, project.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
    });
    card = { id: stored.body.vault_token, transactionId: transaction.id };
  });
  afterAll(() => app.stop());

  /** Runs a named statement `times` times on one connection; its results and how PostgreSQL planned it. */
  async function runRepeatedly(statement: PreparedStatement, values: unknown[], times: number) {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      const results: unknown[] = [];
      for (let run = 0; run < times; run += 1) {
        const { rows } = await client.query({ name: statement.name, text: statement.text, values });
        results.push(rows.map((row) => JSON.parse(row.card).id));
      }
      const [plans] = (
        await client.query('select generic_plans, custom_plans from pg_prepared_statements where name = $1', [
          statement.name,
        ])
      ).rows;
      return { results, plans: { generic: Number(plans.generic_plans), custom: Number(plans.custom_plans) } };
    } finally {
      await client.end();
    }
  }

  it.each([
    ['by vault token within the project', () => FIND_CARD, () => [card.id, project.projectId]],
    ['by vault token in any project', () => FIND_CARD, () => [card.id, null]],
    ['by the transaction it was stored for', () => FIND_CARD_FOR_TRANSACTION, () => [card.transactionId]],
  ])('finds a card %s with a plan made once, not at every call', async (_way, statement, values) => {
    const { results, plans } = await runRepeatedly(statement(), values(), 8);
    expect(results).toEqual(Array.from({ length: 8 }, () => [card.id]));
    expect(plans.generic).toBeGreaterThanOrEqual(3);
    expect(plans.custom).toBeLessThanOrEqual(5);
  });

  it('finds no card of another project by its vault token', async () => {
    const other = await seedProject(app);
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query({
        name: FIND_CARD.name,
        text: FIND_CARD.text,
        values: [card.id, other.projectId],
      });
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
  });
  /** The card read in the lock statement of authenticate (orders `AlongsideRead`), run as its own statement. */
  async function readAlongside(vaultToken: string, projectId: string) {
    const read = VaultCardRepository.findForProjectAlongside(projectId, vaultToken);
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      const text = `select (${read.sql})::text as card`;
      const { rows } = await client.query({ name: 'alongside', text, values: [...read.values] });
      // EXPLAIN EXECUTE takes no bound parameters: the values are uuids of the test.
      const plan = await client.query(`explain execute alongside('${vaultToken}', '${projectId}')`);
      const card = VaultCardRepository.fromText(rows[0].card);
      return { id: card?.id ?? null, plan: plan.rows.map((row) => row['QUERY PLAN']).join('\n') };
    } finally {
      await client.end();
    }
  }

  it('reads a card alongside the lock only within its project, by the primary key alone', async () => {
    const other = await seedProject(app);
    const own = await readAlongside(card.id, project.projectId);
    expect(own.id).toBe(card.id);
    // Not by the project's index too: a generic plan joining both read every card of the project per call.
    expect(own.plan).toContain('vault_cards_pkey');
    expect(own.plan).not.toContain('vault_cards_project_idx');
    expect((await readAlongside(card.id, other.projectId)).id).toBeNull();
    expect((await readAlongside('00000000-0000-4000-8000-000000000000', project.projectId)).id).toBeNull();
  });
});
