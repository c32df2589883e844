import { buildOrder, buildOwnCheckoutOrder } from '../factories/order.ts';
import { payOwnCheckoutOrder, storeCard, TEST_CVC } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
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
  let graphql: GraphQLClient;
  let log: StatementLog;
  let paid: Json;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    graphql = graphqlClient(app.baseUrl, project.apiKey);
    log = await statementLog(app);
    paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  it('reads an order over REST in one prepared statement, its view with its version', async () => {
    const { body: order } = await api.post<Json>('/v1/orders/', buildOrder());
    let body: unknown;
    const statements = await log.during(async () => {
      body = (await api.get(`/v1/orders/${order.id}/`)).body;
    });
    expect(body).toEqual(order);
    expect(besidesAuthentication(statements)).toEqual([
      expect.stringMatching(/^orders\.read_versioned_view: select/),
    ]);
  });

  it('reads an order it rendered before, unchanged since, as its version only', async () => {
    await api.get(`/v1/orders/${paid.id}/`);
    let body: unknown;
    const statements = await log.during(async () => {
      body = (await api.get(`/v1/orders/${paid.id}/`)).body;
    });
    expect(body).toEqual(paid);
    expect(besidesAuthentication(statements)).toEqual([
      expect.stringMatching(/^orders\.read_view_version: select/),
    ]);
  });

  it('reads an order changed since it was rendered as its version, then its view', async () => {
    const { body: order } = await api.post<Json>('/v1/orders/', buildOrder());
    await api.get(`/v1/orders/${order.id}/`);
    await sql(app.databaseUrl, `update orders set description = 'changed by another writer' where id = $1`, [
      order.id,
    ]);
    let body: Json = {};
    const statements = await log.during(async () => {
      body = (await api.get<Json>(`/v1/orders/${order.id}/`)).body;
    });
    expect(body.description).toBe('changed by another writer');
    expect(besidesAuthentication(statements)).toEqual([
      expect.stringMatching(/^orders\.read_view_version: select/),
      expect.stringMatching(/^orders\.read_versioned_view: select/),
    ]);
  });

  it('answers an unknown order with the same one statement', async () => {
    const statements = await log.during(() => api.get('/v1/orders/5f1c0000-0000-4000-8000-000000000000/'));
    expect(besidesAuthentication(statements)).toHaveLength(1);
  });

  /** Statement names (or the SQL itself when unnamed), besides authentication. */
  const shapes = (statements: string[]) =>
    besidesAuthentication(statements).map((statement) => statement.replace(/: .*$/s, ''));

  describe('writes', () => {
    it('creates a hosted order in one statement, with no expiry job (the expiry sweep reads its deadline)', async () => {
      let status = 0;
      const statements = await log.during(async () => {
        ({ status } = await api.post('/v1/orders/', buildOrder()));
        // Past the audit trail's batch (200 ms): the entry, written with its order, needs no correction.
        await new Promise((resolve) => setTimeout(resolve, 400));
      });
      expect(status).toBe(201);
      // The write and its audit entry, committed together in the write's one statement (issues 27 and 31).
      expect(shapes(statements)).toEqual([expect.stringMatching(/^orders\.write\.\d+$/)]);
      const [write] = besidesAuthentication(statements);
      expect(write).toMatch(/insert into orders .*insert into audit_events /is);
      expect(write).not.toMatch(/pgboss/i);
    });

    it('creates an own-checkout order with its transaction, event and outbox row in one statement', async () => {
      const statements = await log.during(() => api.post('/v1/orders/', buildOwnCheckoutOrder()));
      expect(shapes(statements)).toEqual([expect.stringMatching(/^orders\.write\.\d+$/)]);
      const [write] = besidesAuthentication(statements);
      for (const table of ['orders', 'transactions', 'transaction_events', 'outbox_events', 'audit_events']) {
        expect(write).toContain(`insert into ${table} `);
      }
    });

    it('pays by card in two round trips a call: the lock and the read of what it locked go out with BEGIN, the one write with COMMIT; authenticate reads the card in its lock; no read-back', async () => {
      const { body: order } = await api.post<Json>('/v1/orders/', buildOwnCheckoutOrder());
      const [transaction] = order.transactions;
      let vaultToken = '';
      const vault = await log.during(async () => {
        const stored = await storeCard(app, project.apiKey, {
          setupToken: transaction.payment_method_details.setup_token,
        });
        vaultToken = stored.body.vault_token;
      });
      const shapesOf = (roundTrips: string[][]) => roundTrips.map(shapes).filter((trip) => trip.length > 0);
      expect(shapesOf(log.roundTrips)).toEqual([
        ['begin', 'orders.lock', 'orders.read_view_by_setup_token'],
        [expect.stringMatching(/^orders\.write\.\d+$/), 'commit'],
      ]);
      // BEGIN, the lock, the read, the write with the card and the audit entry as its parts, COMMIT.
      expect(besidesAuthentication(vault)).toHaveLength(5);
      expect(besidesAuthentication(vault)[3]).toMatch(
        /insert into vault_cards .*insert into audit_events /is,
      );

      let answer: Json = {};
      const authenticate = await log.during(async () => {
        answer = (
          await api.post<Json>(`/v1/orders/${order.id}/transactions/${transaction.id}/authenticate/`, {
            vault_token: vaultToken,
            cvc: TEST_CVC,
          })
        ).body;
      });
      expect(shapesOf(log.roundTrips)).toEqual([
        ['begin', 'orders.lock+vault.card', 'orders.read_views'],
        [expect.stringMatching(/^orders\.write\.\d+$/), 'commit'],
      ]);
      // BEGIN, the lock with the card, the read, the write (the event, the rows changed, the outbox rows, the card
      // authorization, the recovery point when keyed, the audit entry) and COMMIT. The acquirer is another system:
      // its own books are not a statement of this transaction.
      const ours = besidesAuthentication(authenticate).filter((s) => !/acquirer_operations/.test(s));
      expect(ours).toHaveLength(5);
      for (const table of ['transaction_events', 'outbox_events', 'card_authorizations', 'audit_events']) {
        expect(ours[3]).toContain(`insert into ${table} `);
      }
      expect(ours[3]).toMatch(/update orders .*update transactions /is);
      expect(answer.status).toBe('completed');
      expect((await api.get<Json>(`/v1/orders/${order.id}/`)).body).toEqual(answer);
    });

    it('pays one-click with a stored card: the card, then one statement with the authorization and no expiry timer; no BEGIN, COMMIT or read-back', async () => {
      const vaultToken = await storedCardToken();
      let answer: Json = {};
      const statements = await log.during(async () => {
        answer = (
          await api.post<Json>(
            '/v1/orders/',
            buildOwnCheckoutOrder(
              'credit-card',
              {},
              {
                payment_method_details: {
                  one_click_type: 'one-click',
                  vault_token: vaultToken,
                  cvc: TEST_CVC,
                },
              },
            ),
          )
        ).body;
      });
      expect(shapes(statements)).toEqual(['vault.find_card', expect.stringMatching(/^orders\.write\.\d+$/)]);
      const [, write] = besidesAuthentication(statements);
      for (const table of [
        'orders',
        'transactions',
        'transaction_events',
        'outbox_events',
        'card_authorizations',
        'audit_events',
      ]) {
        expect(write).toContain(`insert into ${table} `);
      }
      // A completed order can never expire: it gets no timer.
      expect(write).not.toMatch(/insert into pgboss\./i);
      expect(answer.status).toBe('completed');
      expect((await api.get<Json>(`/v1/orders/${answer.id}/`)).body).toEqual(answer);
    });

    it('pre-authorizes one-click in the same one statement, its release timer included', async () => {
      const vaultToken = await storedCardToken();
      let answer: Json = {};
      const statements = await log.during(async () => {
        answer = (
          await api.post<Json>(
            '/v1/orders/',
            buildOwnCheckoutOrder(
              'credit-card',
              {},
              {
                capture_mode: 'manual',
                payment_method_details: {
                  one_click_type: 'one-click',
                  vault_token: vaultToken,
                  cvc: TEST_CVC,
                },
              },
            ),
          )
        ).body;
      });
      expect(shapes(statements)).toEqual(['vault.find_card', expect.stringMatching(/^orders\.write\.\d+$/)]);
      const transaction = answer.transactions[0];
      expect(transaction).toMatchObject({ status: 'accepted', is_capturable: true });
      const jobs = await sql(
        app.databaseUrl,
        `select name, data from pgboss.job where data->>'transactionId' = $1 or data->>'orderId' = $2 order by name`,
        [transaction.id, answer.id],
      );
      // The order is completed (a final status): only the pre-authorization's timer.
      expect(answer.status).toBe('completed');
      expect(jobs).toEqual([
        { name: 'payments.release-authorization', data: { transactionId: transaction.id } },
      ]);
      const [authorization] = await sql(
        app.databaseUrl,
        'select result, capturable_until is not null as capturable from card_authorizations where transaction_id = $1',
        [transaction.id],
      );
      expect(authorization).toEqual({ result: 'approved', capturable: true });
    });
  });

  /** The vault token of a card stored for a fresh own-checkout order. */
  async function storedCardToken(): Promise<string> {
    const { body: order } = await api.post<Json>('/v1/orders/', buildOwnCheckoutOrder());
    const stored = await storeCard(app, project.apiKey, {
      setupToken: order.transactions[0].payment_method_details.setup_token,
    });
    return stored.body.vault_token;
  }

  describe('GraphQL', () => {
    /** The statements besides authentication, with what each bound to the read's parts ($3 events, $4 related). */
    async function readsOf(query: string, variables: Record<string, unknown>) {
      let data: unknown;
      const statements = await log.during(async () => {
        const response = await graphql(query, variables);
        expect(response.errors).toBeUndefined();
        data = response.data;
      });
      const reads = besidesAuthentication(statements);
      const values = log.values.filter((_, index) => besidesAuthentication([statements[index]!]).length > 0);
      return { data, reads, parts: values.map((bound) => ({ events: bound[2], relatedOrders: bound[3] })) };
    }

    it('reads order(id) with its transactions in one statement, leaving out events and related orders', async () => {
      const { data, reads, parts } = await readsOf(
        'query($id: ID!) { order(id: $id) { id amount currency status transactions { id status paymentMethod } } }',
        { id: paid.id },
      );
      expect(data).toEqual({
        order: {
          id: paid.id,
          amount: 995,
          currency: 'EUR',
          status: 'COMPLETED',
          transactions: [{ id: paid.transactions[0].id, status: 'ACCEPTED', paymentMethod: 'CREDIT_CARD' }],
        },
      });
      expect(reads).toEqual([expect.stringMatching(/^orders\.read_versioned_view: /)]);
      expect(parts).toEqual([{ events: false, relatedOrders: false }]);
    });

    it('reads an order(id) it read before, unchanged since, as its version only', async () => {
      const query = 'query($id: ID!) { order(id: $id) { id status transactions { id status } } }';
      const first = await readsOf(query, { id: paid.id });
      const again = await readsOf(query, { id: paid.id });
      expect(again.data).toEqual(first.data);
      expect(again.reads).toEqual([expect.stringMatching(/^orders\.read_view_version: /)]);
    });

    it('reads events and related orders, through fragments too, when they are selected', async () => {
      const { data, reads, parts } = await readsOf(
        `query($id: ID!) { order(id: $id) { ...Parts } }
         fragment Parts on Order { relatedOrderIds transactions { ... on Transaction { events { event } } } }`,
        { id: paid.id },
      );
      expect(data).toEqual({
        order: {
          relatedOrderIds: [],
          transactions: [{ events: paid.transactions[0].events.map((e: Json) => ({ event: e.event })) }],
        },
      });
      expect(reads).toHaveLength(1);
      expect(parts).toEqual([{ events: true, relatedOrders: true }]);
    });

    it('reads every order(id) of one operation in one statement', async () => {
      const other = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
      const { data, reads } = await readsOf(
        'query($a: ID!, $b: ID!, $c: ID!) { a: order(id: $a) { id } b: order(id: $b) { id } c: order(id: $c) { id } }',
        { a: paid.id, b: other.id, c: '5f1c0000-0000-4000-8000-000000000000' },
      );
      expect(data).toEqual({ a: { id: paid.id }, b: { id: other.id }, c: null });
      expect(reads).toHaveLength(1);
    });
  });
});
