import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_LEASE_MS } from '../../src/platform/http/idempotency.ts';
import {
  createCardOrder,
  frictionlessAuthentication,
  paymentEffectsOf,
  storeCard,
} from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { sql, waitingOnLock, whileLocked } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

/**
 * A request that runs past its Idempotency-Key's lease loses the key to the retry that takes it over
 * (platform/http/idempotency.ts). From then on the operation is the retry's: the first request's write must not
 * commit (its recovery point finds its claim gone and fails the statement), and its answer is a 409
 * `idempotency_key_in_use`, never a 500 nor a conflict of the retry's making. A table lock holds the first
 * request at its write while the clock passes the lease and the retry takes the key over.
 */
describe('requests whose Idempotency-Key a retry took over', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    apiKey = (await seedProject(app)).apiKey;
  });
  afterAll(async () => {
    await app.stop();
  });

  /** Statements waiting for a lock whose text has `fragment`. */
  const waitingOn = (fragment: string) => waitingOnLock(app.databaseUrl, fragment);

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
   * Sends `path` with a fresh key while `table` is locked: the first request waits at its write (`waitsOn`),
   * the clock passes the lease, the retry is sent, and the lock goes once `releaseWhen` holds. Then a third
   * request with the key.
   */
  async function takenOver(options: {
    path: string;
    body: Json;
    table: string;
    waitsOn: string;
    releaseWhen: 'the retry has the key' | 'the retry waits too';
  }) {
    const rest = restClient(app.baseUrl, apiKey);
    const withKey = { 'idempotency-key': randomUUID() };
    const { first, retry } = await whileLocked(app.databaseUrl, options.table, 'share', async () => {
      const first = rest.post<Json>(options.path, options.body, withKey);
      await eventually(
        async () => (await waitingOn(options.waitsOn)) === 1,
        15_000,
        'the first request waiting',
      );
      const firstClaim = await claimTokenOf(withKey['idempotency-key']);
      app.advanceClock(IDEMPOTENCY_LEASE_MS + 1000);
      const retry = rest.post<Json>(options.path, options.body, withKey);
      if (options.releaseWhen === 'the retry has the key') {
        const key = withKey['idempotency-key'];
        await eventually(async () => (await claimTokenOf(key)) !== firstClaim, 15_000, 'the takeover');
      } else {
        await eventually(async () => (await waitingOn(options.waitsOn)) === 2, 15_000, 'the retry waiting');
      }
      return { first, retry };
    });
    const [firstAnswer, retryAnswer] = await Promise.all([first, retry]);
    const replayed = await rest.post<Json>(options.path, options.body, withKey);
    return { firstAnswer, retryAnswer, replayed };
  }

  const expectTheRetrysAnswer = (
    { firstAnswer, retryAnswer, replayed }: Awaited<ReturnType<typeof takenOver>>,
    status: number,
  ) => {
    expect(retryAnswer.status).toBe(status);
    expect(firstAnswer.status).toBe(409);
    expect(firstAnswer.body).toMatchObject({ error: { status: 409, type: 'idempotency_key_in_use' } });
    expect(replayed.status).toBe(status);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(retryAnswer.body);
  };

  // Released once the retry has the key, the first write goes on alone and its recovery point refuses it;
  // released with both writes waiting, either may go first (the first one's recovery point refuses it, or the
  // retry's order is there before it).
  it.each(['the retry has the key', 'the retry waits too'] as const)(
    "commits only the retry's order and replays its answer (the lock released once %s)",
    async (releaseWhen) => {
      const reference = randomUUID();
      const answers = await takenOver({
        path: '/v1/orders/',
        body: { amount: 1234, currency: 'EUR', merchant_order_id: reference },
        table: 'orders',
        waitsOn: 'insert into orders',
        releaseWhen,
      });

      expectTheRetrysAnswer(answers, 201);
      expect(
        await sql(app.databaseUrl, 'select id from orders where merchant_order_id = $1', [reference]),
      ).toEqual([{ id: answers.retryAnswer.body.id }]);
    },
  );

  it("answers a GraphQL createOrder 409 as a key in use, and commits only the retry's order", async () => {
    const reference = randomUUID();
    const answers = await takenOver({
      path: '/graphql',
      body: {
        query: `mutation Create($input: CreateOrderInput!) {
          createOrder(input: $input) { order { id } userErrors { code } }
        }`,
        variables: { input: { merchantOrderId: reference, amount: 1234, currency: 'EUR' } },
      },
      table: 'orders',
      waitsOn: 'insert into orders',
      releaseWhen: 'the retry has the key',
    });

    expectTheRetrysAnswer(answers, 200);
    expect(
      await sql(app.databaseUrl, 'select id from orders where merchant_order_id = $1', [reference]),
    ).toEqual([{ id: answers.retryAnswer.body.data.createOrder.order.id }]);
  });

  it("commits only the retry's payment link and replays its answer", async () => {
    const reference = randomUUID();
    const answers = await takenOver({
      path: '/v1/payment-links/',
      body: { amount: 1500, currency: 'EUR', merchant_order_id: reference },
      table: 'payment_links',
      waitsOn: 'insert into payment_links',
      releaseWhen: 'the retry has the key',
    });

    expectTheRetrysAnswer(answers, 201);
    expect(
      await sql(app.databaseUrl, 'select id from payment_links where merchant_order_id = $1', [reference]),
    ).toEqual([{ id: answers.retryAnswer.body.id }]);
  });

  // The first payment holds the order's lock and waits on the test acquirer's books; the retry waits for the
  // order's lock. The acquirer answers the retry the first call's outcome: no second hold.
  it('pays a card once, by the retry, and replays the payment', async () => {
    const order = await createCardOrder(app.baseUrl, apiKey);
    const transaction = order.transactions[0];
    const card = await storeCard(app, apiKey, { setupToken: transaction.payment_method_details.setup_token });
    const answers = await takenOver({
      path: `/v1/orders/${order.id}/transactions/${transaction.id}/authenticate/`,
      body: frictionlessAuthentication(card.body.vault_token),
      table: 'acquirer_operations',
      waitsOn: 'insert into acquirer_operations',
      releaseWhen: 'the retry has the key',
    });

    expectTheRetrysAnswer(answers, 200);
    expect(answers.retryAnswer.body.transactions[0].status).not.toBe('new');
    expect(await paymentEffectsOf(app.databaseUrl, transaction.id)).toEqual({
      authorizations: 1,
      bookings: 1,
      accepted: 1,
    });
  });
});
