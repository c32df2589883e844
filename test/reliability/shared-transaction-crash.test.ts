import { randomUUID } from 'node:crypto';
import { createCardOrder, storeCard, TEST_CVC } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

const SERVER_ENV = {
  IDEMPOTENCY_SECRET: 'test-idempotency-secret-of-32-characters',
  COMPLETER_GRACE_SECONDS: '60',
};

/**
 * Card payments that share one database transaction (platform/db/shared-transactions.ts) die together: the real
 * server is killed (SIGKILL) while one of them stands after its acquirer call (parked at a crash point, so the
 * shared transaction never reaches its commit) and the others have paid at the acquirer. None of them committed;
 * sent again with their Idempotency-Keys to a new server, each is paid exactly once, in our books and at the
 * acquirer (its books answer each repeated call with the first outcome: no second hold).
 */
describe('card payments killed in a shared transaction', () => {
  let databaseUrl: string;
  let setup: TestApp;
  let apiKey: string;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    setup = await startTestApp({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' });
    apiKey = (await seedProject(setup)).apiKey;
  }, 60_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await setup.stop();
  });

  const rowsOf = async (transactionIds: string[]) =>
    sql<{ status: string; authorizations: number; bookings: number; accepted: number }>(
      databaseUrl,
      `select t.status,
              (select count(*) from card_authorizations a where a.transaction_id = t.id)::int as authorizations,
              (select count(*) from acquirer_operations b where b.transaction_id = t.id)::int as bookings,
              (select count(*) from transaction_events e
                where e.transaction_id = t.id and e.event = 'accepted')::int as accepted
         from transactions t where t.id = any($1::uuid[]) order by t.id`,
      [transactionIds],
    );

  it('commits none of them, and pays each exactly once when they are sent again', async () => {
    const starting = startServerProcess({
      DATABASE_URL: databaseUrl,
      JOBS_ENABLED: 'false',
      GATEWAY_CRASH_MODE: 'park',
      ...SERVER_ENV,
    });
    const orders = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const order = await createCardOrder(setup.baseUrl, apiKey);
        const stored = await storeCard(setup, apiKey, {
          setupToken: order.transactions[0].payment_method_details.setup_token,
        });
        return { order, vaultToken: stored.body.vault_token as string, key: randomUUID() };
      }),
    );
    server = await starting;
    const authenticate = (baseUrl: string, index: number, headers: Record<string, string> = {}) => {
      const { order, vaultToken, key } = orders[index]!;
      return restClient(baseUrl, apiKey).post<Json>(
        `/v1/orders/${order.id}/transactions/${order.transactions[0].id}/authenticate/`,
        {
          vault_token: vaultToken,
          cvc: TEST_CVC,
          cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
          '3ds_version': '2.2.0',
          '3ds_method_used': 'frictionless',
          ds_transaction_id: '6f2ad2c3-5e3c-4d4b-9d5e-1f2a3b4c5d6e',
        },
        { 'idempotency-key': key, ...headers },
      );
    };
    const parked = () => [...server!.output.join('').matchAll(/crash point (\S+) parked/g)].length;
    const park = { 'x-gateway-crash-at': 'authorize.after-acquirer' };

    // The first runs alone and parks after the acquirer's answer, holding its turn; the next four arrive meanwhile
    // and then run as one shared transaction, in which the last of them parks too: the others, paid at the
    // acquirer, wait for a commit that never comes.
    const first = authenticate(server.baseUrl, 0, park).catch(() => undefined);
    // Well within the second the first holds its turn for, whether it has parked yet or not.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const shared = [1, 2, 3].map((index) => authenticate(server!.baseUrl, index).catch(() => undefined));
    const last = authenticate(server.baseUrl, 4, park).catch(() => undefined);
    await eventually(() => parked() === 2, 15_000, 'both requests parked');
    const transactionIds = orders.map(({ order }) => order.transactions[0].id as string);
    await eventually(
      async () => (await rowsOf(transactionIds)).every((row) => row.bookings === 1),
      15_000,
      'every payment booked at the acquirer',
    );
    await server.kill('SIGKILL');
    server = null;
    await Promise.all([first, ...shared, last]);

    // Nothing of theirs committed: the acquirer holds every payment, our books none.
    expect(await rowsOf(transactionIds)).toEqual(
      transactionIds.map(() => ({ status: 'new', authorizations: 0, bookings: 1, accepted: 0 })),
    );

    // The same requests again, at once, to a new server: each paid once, each booked once.
    server = await startServerProcess({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false', ...SERVER_ENV });
    const again = await Promise.all(orders.map((_, index) => authenticate(server!.baseUrl, index)));
    expect(again.map((answer) => [answer.status, answer.body.status])).toEqual(
      orders.map(() => [200, 'completed']),
    );
    expect(await rowsOf(transactionIds)).toEqual(
      transactionIds.map(() => ({ status: 'accepted', authorizations: 1, bookings: 1, accepted: 1 })),
    );
    // A retry after that answers the same payment.
    const retried = await authenticate(server.baseUrl, 2);
    expect([retried.status, retried.body.transactions[0].status]).toEqual([200, 'accepted']);
  }, 120_000);
});
