import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { IDEMPOTENCY_LEASE_MS } from '../../src/platform/http/idempotency.ts';
import { createCardOrder, storeCard, TEST_CVC } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

/**
 * A request that runs past its Idempotency-Key's lease loses the key to the retry that takes it over
 * (platform/http/idempotency.ts). From then on the operation is the retry's: the first request's write must not
 * commit (its recovery point finds its claim gone and fails the statement), and its answer is a 409
 * `idempotency_key_in_use`, never a 500. Released once the retry has the key, the first write goes on alone and
 * its recovery point refuses it; released with both writes waiting, either may go first (the first one's recovery
 * point refuses it, or the retry's order is there before it).
 */
describe('a create whose Idempotency-Key a retry took over', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    apiKey = (await seedProject(app)).apiKey;
  });
  afterAll(async () => {
    await app.stop();
  });

  /** Order writes waiting for the test's table lock. */
  const waitingCreates = async () =>
    (
      await sql<{ waiting: number }>(
        app.databaseUrl,
        `select count(*)::int as waiting from pg_stat_activity
          where wait_event_type = 'Lock' and query like '%insert into orders%'`,
      )
    )[0]!.waiting;

  /** The claim token of the key's row: a new one once a retry has taken the key over. */
  const claimTokenOf = async (key: string) =>
    (
      await sql<{ claim_token: string }>(
        app.databaseUrl,
        'select claim_token from idempotency_keys where key = $1',
        [key],
      )
    )[0]?.claim_token;

  /**
   * Creates an order with a key whose first request is held at its write (a lock on `orders`) until the clock
   * has passed the lease and a retry has taken the key over; `release` says when the lock goes: once the retry
   * has the key (the first write then goes on alone), or once the retry's write waits too (both at once).
   */
  async function createTakenOver(release: 'after the takeover' | 'with both writes waiting') {
    const rest = restClient(app.baseUrl, apiKey);
    const key = randomUUID();
    const body = { amount: 1234, currency: 'EUR', merchant_order_id: key };
    const withKey = { 'idempotency-key': key };
    const lock = new pg.Client({ connectionString: app.databaseUrl });
    await lock.connect();
    try {
      await lock.query('begin');
      await lock.query('lock table orders in share mode');
      const first = rest.post<Json>('/v1/orders/', body, withKey);
      await eventually(async () => (await waitingCreates()) === 1, 15_000, 'the first create waiting');
      const firstClaim = await claimTokenOf(key);
      app.advanceClock(IDEMPOTENCY_LEASE_MS + 1000);
      const retry = rest.post<Json>('/v1/orders/', body, withKey);
      if (release === 'after the takeover') {
        await eventually(async () => (await claimTokenOf(key)) !== firstClaim, 15_000, 'the takeover');
      } else {
        await eventually(async () => (await waitingCreates()) === 2, 15_000, 'the retry waiting too');
      }
      await lock.query('commit');
      const [firstAnswer, retryAnswer] = await Promise.all([first, retry]);
      const replayed = await rest.post<Json>('/v1/orders/', body, withKey);
      const orders = await sql(app.databaseUrl, 'select id from orders where merchant_order_id = $1', [key]);
      return { firstAnswer, retryAnswer, replayed, orders };
    } finally {
      await lock.end();
    }
  }

  it.each(['after the takeover', 'with both writes waiting'] as const)(
    "commits only the retry's order, answers the first request 409 and replays the retry's answer (lock released %s)",
    async (release) => {
      const { firstAnswer, retryAnswer, replayed, orders } = await createTakenOver(release);

      expect(retryAnswer.status).toBe(201);
      expect(firstAnswer.status).toBe(409);
      expect(firstAnswer.body).toMatchObject({ error: { status: 409, type: 'idempotency_key_in_use' } });
      expect(replayed.status).toBe(201);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.body.id).toBe(retryAnswer.body.id);
      expect(orders).toEqual([{ id: retryAnswer.body.id }]);
    },
  );
});

/**
 * The same for a card payment (authenticate): the first request holds the order's lock and waits on the test
 * acquirer's books (a lock on them) while the retry takes the key over and waits for the order's lock. The first
 * request's payment must not commit; the retry pays, and the acquirer answers it the first call's outcome.
 */
describe('a card payment whose Idempotency-Key a retry took over', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    apiKey = (await seedProject(app)).apiKey;
  });
  afterAll(async () => {
    await app.stop();
  });

  it('pays once, by the retry, answers the first request 409 and replays the payment', async () => {
    const rest = restClient(app.baseUrl, apiKey);
    const order = await createCardOrder(app.baseUrl, apiKey);
    const transaction = order.transactions[0];
    const card = await storeCard(app, apiKey, { setupToken: transaction.payment_method_details.setup_token });
    const path = `/v1/orders/${order.id}/transactions/${transaction.id}/authenticate/`;
    const body = {
      vault_token: card.body.vault_token,
      cvc: TEST_CVC,
      cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
      '3ds_version': '2.2.0',
      '3ds_method_used': 'frictionless',
      ds_transaction_id: randomUUID(),
    };
    const key = randomUUID();
    const withKey = { 'idempotency-key': key };
    const claimToken = async () =>
      (
        await sql<{ claim_token: string }>(
          app.databaseUrl,
          'select claim_token from idempotency_keys where key = $1',
          [key],
        )
      )[0]?.claim_token;
    const waitingBookings = async () =>
      (
        await sql<{ waiting: number }>(
          app.databaseUrl,
          `select count(*)::int as waiting from pg_stat_activity
            where wait_event_type = 'Lock' and query like '%insert into acquirer_operations%'`,
        )
      )[0]!.waiting;

    const lock = new pg.Client({ connectionString: app.databaseUrl });
    await lock.connect();
    let first: Promise<{ status: number; body: Json }>;
    let retry: Promise<{ status: number; body: Json }>;
    try {
      await lock.query('begin');
      await lock.query('lock table acquirer_operations in share mode');
      first = rest.post<Json>(path, body, withKey);
      await eventually(
        async () => (await waitingBookings()) === 1,
        15_000,
        'the first payment at the acquirer',
      );
      const firstClaim = await claimToken();
      app.advanceClock(IDEMPOTENCY_LEASE_MS + 1000);
      retry = rest.post<Json>(path, body, withKey);
      await eventually(async () => (await claimToken()) !== firstClaim, 15_000, 'the takeover');
      await lock.query('commit');
    } finally {
      await lock.end();
    }
    const [firstAnswer, retryAnswer] = await Promise.all([first, retry]);

    expect(retryAnswer.status).toBe(200);
    expect(retryAnswer.body.transactions[0].status).not.toBe('new');
    expect(firstAnswer.status).toBe(409);
    expect(firstAnswer.body).toMatchObject({ error: { status: 409, type: 'idempotency_key_in_use' } });
    const replayed = await rest.post<Json>(path, body, withKey);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(retryAnswer.body);
    expect(
      await sql(
        app.databaseUrl,
        `select (select count(*) from card_authorizations where transaction_id = $1)::int as authorizations,
                (select count(*) from acquirer_operations where transaction_id = $1)::int as bookings,
                (select count(*) from transaction_events
                  where transaction_id = $1 and event = 'accepted')::int as accepted`,
        [transaction.id],
      ),
    ).toEqual([{ authorizations: 1, bookings: 1, accepted: 1 }]);
  });
});
