import { randomUUID } from 'node:crypto';
import { createCardOrder, storeCard, TEST_CVC } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { type StatementLog, statementLog } from '../helpers/statement-log.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

/** External 3-D Secure values: the payment is processed at once, with no challenge. */
const external3ds = () => ({
  cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
  '3ds_version': '2.2.0',
  '3ds_method_used': 'frictionless',
  ds_transaction_id: randomUUID(),
});

/**
 * Concurrent card payments share transactions (platform/db/shared-transactions.ts; DATABASE_BATCHED_WRITES=1,
 * so every request that arrives while one is in flight waits and shares): the vault's cards and the payments
 * each commit many to a transaction, with their locks, the reads under them and their writes merged into shared
 * statements, and the test acquirer's bookings many to a statement. Each order is still
 * paid once, with its own card, authorization, events and audit entries.
 */
describe('card payments in shared transactions', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let log: StatementLog;

  beforeAll(async () => {
    app = await startTestApp({ DATABASE_BATCHED_WRITES: '1' });
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    log = await statementLog(app, { workers: true });
  });
  afterAll(() => app.stop());

  const orders = (count: number) =>
    Promise.all(Array.from({ length: count }, () => createCardOrder(app.baseUrl, project.apiKey)));

  it('stores 20 concurrent cards and pays 20 concurrent orders, each once, in fewer commits than requests', async () => {
    const created = await orders(20);

    let stored: { status: number; body: Json }[] = [];
    const storing = await log.during(async () => {
      stored = await Promise.all(
        created.map((order) =>
          storeCard(app, project.apiKey, {
            setupToken: order.transactions[0].payment_method_details.setup_token,
          }),
        ),
      );
    });
    expect(stored.map((answer) => answer.status)).toEqual(created.map(() => 201));
    expect(new Set(stored.map((answer) => answer.body.vault_token)).size).toBe(20);
    expect(commits(storing)).toBeLessThan(20);
    expect(writes(storing)).toBeLessThan(20);
    // Their locks and the reads under them left together too: fewer lock statements than cards.
    expect(named(storing, 'orders.lock')).toBeLessThan(20);
    expect(named(storing, 'orders.lock_by_setup_token_shared')).toBeGreaterThan(0);

    let paid: { status: number; body: Json }[] = [];
    const paying = await log.during(async () => {
      paid = await Promise.all(
        created.map((order, index) =>
          api.post<Json>(`/v1/orders/${order.id}/transactions/${order.transactions[0].id}/authenticate/`, {
            vault_token: stored[index]!.body.vault_token,
            cvc: TEST_CVC,
            ...external3ds(),
          }),
        ),
      );
    });
    expect(paid.map((answer) => [answer.status, answer.body.id, answer.body.status])).toEqual(
      created.map((order) => [200, order.id, 'completed']),
    );
    expect(commits(paying)).toBeLessThan(20);
    // Their combined writes merged into fewer statements too, each payment's rows its own.
    expect(writes(paying)).toBeLessThan(20);
    expect(named(paying, 'orders.lock+vault.card')).toBeLessThan(20);
    expect(named(paying, 'orders.lock_shared+vault.card')).toBeGreaterThan(0);
    expect(named(paying, 'orders.read_views_shared')).toBeGreaterThan(0);
    const bookings = paying.filter((statement) => statement.startsWith('acquirer.book_set:'));
    expect(bookings.length).toBeLessThan(20);

    const ids = created.map((order) => order.id as string);
    const transactionIds = created.map((order) => order.transactions[0].id as string);
    const [rows] = await sql<Record<string, number>>(
      app.databaseUrl,
      `select (select count(*) from card_authorizations where transaction_id = any($2::uuid[]))::int as authorizations,
              (select count(*) from acquirer_operations where transaction_id = any($2::uuid[]))::int as bookings,
              (select count(*) from vault_cards where transaction_id = any($2::uuid[]))::int as cards,
              (select count(*) from transaction_events
                where transaction_id = any($2::uuid[]) and event = 'accepted')::int as accepted,
              (select count(*) from outbox_events
                where order_id = any($1::uuid[]) and type = 'order.status_changed')::int as status_changes,
              (select count(*) from audit_events
                where target_type = 'transaction' and target_id = any($2::text[])
                  and action like '%/authenticate/')::int as audited`,
      [ids, transactionIds],
    );
    expect(rows).toEqual({
      authorizations: 20,
      bookings: 20,
      cards: 20,
      accepted: 20,
      status_changes: 20,
      audited: 20,
    });
    for (const answer of paid) {
      expect((await api.get<Json>(`/v1/orders/${answer.body.id}/`)).body).toEqual(answer.body);
    }
  });

  it('pays a transaction asked twice at once exactly once: the second request sees it paid', async () => {
    const created = await orders(6);
    const cards = await Promise.all(
      created.map((order) =>
        storeCard(app, project.apiKey, {
          setupToken: order.transactions[0].payment_method_details.setup_token,
        }),
      ),
    );
    const authenticate = (index: number) =>
      api.post<Json>(
        `/v1/orders/${created[index]!.id}/transactions/${created[index]!.transactions[0].id}/authenticate/`,
        { vault_token: cards[index]!.body.vault_token, cvc: TEST_CVC, ...external3ds() },
      );
    // Order 0 twice among the others: both requests may land in one shared transaction.
    const answers = await Promise.all([0, 1, 0, 2, 3, 0, 4, 5].map(authenticate));

    const forOrder0 = [answers[0]!, answers[2]!, answers[5]!];
    expect(forOrder0.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(forOrder0.filter((answer) => answer.status === 409)).toHaveLength(2);
    for (const index of [1, 3, 4, 6, 7]) expect(answers[index]!.status).toBe(200);

    const [rows] = await sql<Record<string, number>>(
      app.databaseUrl,
      `select (select count(*) from card_authorizations where transaction_id = $1::uuid)::int as authorizations,
              (select count(*) from transaction_events
                where transaction_id = $1::uuid and event = 'accepted')::int as accepted,
              (select count(*) from outbox_events
                where order_id = $2::uuid and type = 'order.status_changed')::int as status_changes`,
      [created[0]!.transactions[0].id, created[0]!.id],
    );
    expect(rows).toEqual({ authorizations: 1, accepted: 1, status_changes: 1 });
  });

  const commits = (statements: string[]) => statements.filter((statement) => statement === 'commit').length;
  /** How many of the statements are the prepared statement `name`. */
  const named = (statements: string[], name: string) =>
    statements.filter((statement) => statement.startsWith(`${name}:`)).length;
  const writes = (statements: string[]) =>
    statements.filter((statement) => /^orders\.write\.\d+:/.test(statement)).length;
});
