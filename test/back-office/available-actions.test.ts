import { orderPaidTwice } from '../factories/paid-twice.ts';
import { createCardOrder, payOwnCheckoutOrder, TEST_CARDS } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { cardFields, createHostedOrder, postPageForm } from '../hosted-pages/support.ts';

type Json = Record<string, any>;
type Action = 'REFUND' | 'CAPTURE' | 'VOID' | 'CANCEL' | 'CHARGEBACK';

const STATE = `query State($id: ID!) {
  order(id: $id) {
    id status orderUrl availableActions refundableAmount
    transactions { id availableActions refundableAmount capturableAmount }
  }
}`;

/** A small deterministic random source, so that a failing walk can be replayed from its seed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

/**
 * The property of issue 30: for every state the tests reach, an action is listed in `availableActions` if and
 * only if its command succeeds. Each walk starts from a real order and, at every state, first asks every
 * command the lists leave out (each must be refused, which changes nothing), then runs one listed action at
 * random (it must succeed), which leads to the next state, until nothing is listed.
 */
describe('availableActions: listed if and only if the command succeeds', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp();
    apiKey = (await seedProject(app)).apiKey;
  });
  afterAll(() => app.stop());

  const rest = () => restClient(app.baseUrl, apiKey);
  const stateOf = async (orderId: string): Promise<Json> => {
    const answer = await graphqlClient(app.baseUrl, apiKey)<{ order: Json }>(STATE, { id: orderId });
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!.order;
  };

  /** Asks the command for `action` on the order (and transaction); answers whether it went through. */
  async function attempt(order: Json, action: Action, transactionId: string | null, amount: number) {
    switch (action) {
      case 'REFUND':
        return (
          (
            await rest().post(`/v1/orders/${order.id}/refunds/`, {
              amount,
              transaction_id: transactionId ?? undefined,
            })
          ).status === 201
        );
      case 'CAPTURE':
        return (
          (await rest().post(`/v1/orders/${order.id}/transactions/${transactionId}/captures/`, { amount }))
            .status === 201
        );
      case 'VOID':
        return (
          (await rest().post(`/v1/orders/${order.id}/transactions/${transactionId}/voids/`)).status === 201
        );
      case 'CHARGEBACK':
        return (
          (await rest().post(`/v1/test/orders/${order.id}/chargebacks/`, { amount, reason_code: '10.4' }))
            .status === 201
        );
      case 'CANCEL':
        return (await rest().call('PUT', `/v1/orders/${order.id}/`, { status: 'cancelled' })).status === 200;
    }
  }

  async function walk(orderId: string, seed: number): Promise<string[]> {
    const pick = random(seed);
    const path: string[] = [];
    for (let step = 0; step < 8; step++) {
      const order = await stateOf(orderId);
      const listed: { action: Action; transactionId: string | null; most: number }[] = [];
      // Each transaction's own actions: what is not listed is refused.
      for (const transaction of order.transactions) {
        for (const action of ['REFUND', 'CAPTURE', 'VOID'] as const) {
          if (transaction.availableActions.includes(action)) {
            const most = action === 'REFUND' ? transaction.refundableAmount : transaction.capturableAmount;
            listed.push({ action, transactionId: transaction.id, most });
          } else {
            const refusedAs = `${order.status} ${action} ${transaction.id}`;
            expect({ refusedAs, went: await attempt(order, action, transaction.id, 1) }).toEqual({
              refusedAs,
              went: false,
            });
          }
        }
      }
      // The order's own: CHARGEBACK (the simulator picks the payment) and the merchant's CANCEL.
      for (const action of ['CHARGEBACK', 'CANCEL'] as const) {
        if (order.availableActions.includes(action)) {
          // A chargeback disputes the payment that lists it, at most what is left of that payment.
          const disputed = order.transactions.find((t: Json) => t.availableActions.includes(action));
          listed.push({ action, transactionId: null, most: disputed?.refundableAmount ?? 0 });
        } else {
          const refusedAs = `${order.status} ${action}`;
          expect({ refusedAs, went: await attempt(order, action, null, 1) }).toEqual({
            refusedAs,
            went: false,
          });
        }
      }
      // The order lists exactly what its transactions list, and the cancel.
      const union = new Set(listed.map((each) => each.action));
      expect(order.availableActions).toEqual(
        (['REFUND', 'CAPTURE', 'VOID', 'CANCEL', 'CHARGEBACK'] as const).filter((action) =>
          union.has(action),
        ),
      );
      if (listed.length === 0) return path;
      const chosen = listed[pick(listed.length)]!;
      const amount = 1 + pick(Math.max(1, chosen.most));
      path.push(`${order.status}: ${chosen.action} ${amount}`);
      const listedAs = path.at(-1)!;
      expect({ listedAs, went: await attempt(order, chosen.action, chosen.transactionId, amount) }).toEqual({
        listedAs,
        went: true,
      });
    }
    return path;
  }

  /** Where walks start, and whether anything can be done there at all. */
  const starts: [string, boolean, () => Promise<string>][] = [
    [
      'a paid card payment',
      true,
      async () => (await payOwnCheckoutOrder(app.baseUrl, apiKey, { amount: 3000 })).id,
    ],
    [
      'a pre-authorization',
      true,
      async () =>
        (await payOwnCheckoutOrder(app.baseUrl, apiKey, { amount: 4000, captureMode: 'manual' })).id,
    ],
    ['an unpaid hosted order', true, async () => (await createHostedOrder(app.baseUrl, apiKey)).id],
    [
      'a hosted order whose first card was declined',
      true,
      async () => {
        const order = await createHostedOrder(app.baseUrl, apiKey);
        await postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.doNotHonour));
        return order.id;
      },
    ],
    [
      'a declined own-checkout payment',
      false,
      async () => (await payOwnCheckoutOrder(app.baseUrl, apiKey, { pan: TEST_CARDS.doNotHonour })).id,
    ],
    [
      // Nobody may call it off while the acquirer decides: not even the merchant's cancel.
      'a card payment the acquirer is still deciding',
      false,
      async () => (await payOwnCheckoutOrder(app.baseUrl, apiKey, { pan: TEST_CARDS.pendingAtAcquirer })).id,
    ],
    [
      // The merchant may still cancel it.
      'an own-checkout order not paid yet',
      true,
      async () => (await createCardOrder(app.baseUrl, apiKey)).id,
    ],
    ['an order the customer paid twice', true, async () => (await orderPaidTwice(app.baseUrl, apiKey)).id],
  ];

  it.each(starts)(
    'holds on every walk from %s',
    async (_name, acts, start) => {
      const paths: string[][] = [];
      for (const seed of [7, 42, 1234]) paths.push(await walk(await start(), seed));
      expect(paths.map((path) => path.length > 0)).toEqual([acts, acts, acts]);
    },
    180_000,
  );
});
