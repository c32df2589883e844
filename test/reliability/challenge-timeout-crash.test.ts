import { createCardOrder, storeCard, TEST_CARDS, TEST_CVC } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

/** Every process keeps the secret of request fingerprints, and times challenges out after a second. */
const SERVER_ENV = {
  IDEMPOTENCY_SECRET: 'test-idempotency-secret-of-32-characters',
  JOBS_ENABLED: 'true',
  THREE_D_SECURE_CHALLENGE_TIMEOUT: 'PT1S',
};

/**
 * The challenge timeout's sweep killed (SIGKILL) in the middle of expiring a challenge, its expiry written but
 * not committed, and just after the commit: the next process's sweep finishes it or finds it done, so the
 * challenge expires exactly once (one `expired` event, one outbox row) and nothing is left waiting.
 */
describe('the 3-D Secure challenge timeout killed while it expires a challenge', () => {
  let databaseUrl: string;
  let setup: TestApp;
  let apiKey: string;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    // Makes the challenges; sweeps nothing itself.
    setup = await startTestApp({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' });
    ({ apiKey } = await seedProject(setup));
  }, 60_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await setup.stop();
  });

  const challenge = async () => {
    const order = await createCardOrder(setup.baseUrl, apiKey);
    const transaction = order.transactions[0];
    const { body: card } = await storeCard(setup, apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
      pan: TEST_CARDS.challenge,
    });
    const { body: pending } = await restClient(setup.baseUrl, apiKey).post<Json>(
      `/v1/orders/${order.id}/transactions/${transaction.id}/authenticate/`,
      { vault_token: card.vault_token, cvc: TEST_CVC },
    );
    expect(pending.transactions[0]).toMatchObject({ status: 'pending' });
    return { orderId: order.id as string, transactionId: transaction.id as string };
  };
  const expiredEvents = (transactionId: string) =>
    sql(databaseUrl, `select 1 from transaction_events where transaction_id = $1 and event = 'expired'`, [
      transactionId,
    ]);
  const expiryOutbox = (transactionId: string) =>
    sql(
      databaseUrl,
      `select 1 from outbox_events where transaction_id = $1 and type = 'transaction.status_changed'
          and to_status = 'expired'`,
      [transactionId],
    );

  it.each(['challenge-expiry.before-commit', 'challenge-expiry.after-commit'])(
    'expires the challenge exactly once after a kill at %s',
    async (point) => {
      server = await startServerProcess({
        DATABASE_URL: databaseUrl,
        ...SERVER_ENV,
        GATEWAY_CRASH_AT: point,
      });
      const dying = server;
      const { orderId, transactionId } = await challenge();
      await eventually(
        () => dying.output.join('').includes(`crash point ${point}: killing the process`) || undefined,
        20_000,
        `the sweep reaching ${point}`,
      );
      await dying.kill('SIGKILL');
      const committed = (await expiredEvents(transactionId)).length;
      expect(committed).toBe(point === 'challenge-expiry.after-commit' ? 1 : 0);

      server = await startServerProcess({ DATABASE_URL: databaseUrl, ...SERVER_ENV });
      const order = await eventually(async () => {
        const { body } = await restClient(setup.baseUrl, apiKey).get<Json>(`/v1/orders/${orderId}/`);
        return body.status === 'expired' ? body : undefined;
      }, 20_000);
      expect(order.transactions[0]).toMatchObject({ status: 'expired', reason: 'authentication_timeout' });
      // A round or two more of the second process's sweep: still one expiry.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await expiredEvents(transactionId)).toHaveLength(1);
      expect(await expiryOutbox(transactionId)).toHaveLength(1);
      expect(
        await sql(databaseUrl, 'select result from card_authorizations where transaction_id = $1', [
          transactionId,
        ]),
      ).toEqual([{ result: 'expired' }]);
      await server.kill('SIGTERM');
      server = null;
    },
    90_000,
  );
});
