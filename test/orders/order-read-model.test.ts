import { getOrder, getOrders } from '../../src/modules/orders/commands/get-order.ts';
import { Order } from '../../src/modules/orders/order.entity.ts';
import { presentOrder } from '../../src/modules/orders/order-json.ts';
import type { OrderView } from '../../src/modules/orders/order-view.ts';
import { Transaction, TransactionEvent } from '../../src/modules/orders/transaction.entity.ts';
import type { Actor } from '../../src/platform/auth/actor.ts';
import { buildOrder, buildOwnCheckoutOrder } from '../factories/order.ts';
import {
  answerChallenge,
  createCardOrder,
  payOwnCheckoutOrder,
  storeCard,
  TEST_CARDS,
  TEST_CVC,
} from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { postPageForm } from '../helpers/pages.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { cardFields } from '../hosted-pages/support.ts';

type Json = Record<string, any>;

/**
 * The order read model is one prepared JSON-aggregating statement. Here it is held to the read it replaced:
 * the order, its transactions, their events and its related orders loaded as MikroORM entities in four
 * queries (the implementation before issue 12, kept here as the reference), on orders of every shape.
 */
describe('the prepared order read', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  const orderIds: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    const created = async (body: Json) => {
      const response = await api.post<Json>('/v1/orders/', body);
      if (response.status !== 201) throw new Error(response.text);
      return response.body;
    };

    orderIds.hosted = (
      await created(
        buildOrder({
          customer: {
            email_address: 'jane@example.com',
            first_name: 'Jane',
            phone_numbers: ['+31600000000'],
          },
          client: { platform: 'shop', version: '6.5' },
          extra: { basket: [{ sku: 'A1', qty: 2 }], z: 1, a: { nested: true } },
          payment_methods: ['credit-card', 'wallet-b-pay'],
          webhook_url: 'https://shop.example/hooks',
          failure_url: 'https://shop.example/failed',
        }),
      )
    ).id;
    const hostedPaid = await created(buildOrder());
    await postPageForm(hostedPaid.order_url, 'card', cardFields(TEST_CARDS.insufficientFunds));
    await postPageForm(hostedPaid.order_url, 'card', cardFields(TEST_CARDS.visa));
    orderIds.hostedPaidAfterDecline = hostedPaid.id;

    orderIds.ownCheckoutNew = (await createCardOrder(app.baseUrl, project.apiKey)).id;
    orderIds.declined = (
      await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { pan: TEST_CARDS.doNotHonour })
    ).id;
    orderIds.challengeFailed = (
      await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
        pan: TEST_CARDS.challenge,
        challengeCode: '0000',
      })
    ).id;

    const refunded = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 5000 });
    orderIds.refunded = refunded.id;
    for (const amount of [1000, 1500]) {
      const refund = await api.post<Json>(`/v1/orders/${refunded.id}/refunds/`, { amount });
      if (refund.status !== 201) throw new Error(refund.text);
      orderIds[`refund${amount}`] = refund.body.id;
    }

    const captured = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { captureMode: 'manual' });
    orderIds.captured = captured.id;
    const capture = await api.post<Json>(
      `/v1/orders/${captured.id}/transactions/${captured.transactions[0].id}/captures/`,
      { amount: 500 },
    );
    orderIds.capture = capture.body.id;

    const voided = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { captureMode: 'manual' });
    orderIds.voided = voided.id;
    const voidOrder = await api.post<Json>(
      `/v1/orders/${voided.id}/transactions/${voided.transactions[0].id}/voids/`,
      {},
    );
    orderIds.void = voidOrder.body.id;

    const first = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      amount: 0,
      name: 'John Doe',
      details: { one_click_type: 'first', cardholder_name: 'Jon Doe' },
    });
    orderIds.firstOneClick = first.id;
    orderIds.oneClick = (
      await created(
        buildOwnCheckoutOrder(
          'credit-card',
          {},
          {
            payment_method_details: {
              one_click_type: 'one-click',
              vault_token: first.transactions[0].payment_method_details.vault_token,
              cvc: TEST_CVC,
            },
          },
        ),
      )
    ).id;

    const wallet = await created(buildOwnCheckoutOrder('wallet-b-pay'));
    const stored = await storeCard(app, project.apiKey, {
      setupToken: wallet.transactions[0].payment_method_details.setup_token,
      pan: TEST_CARDS.challenge,
    });
    const executed = await restClient(app.baseUrl).post<Json>(
      `/pay/${wallet.id}/select-payment-method/wallet-b-pay/${wallet.transactions[0].id}/`,
      { vaultToken: stored.body.vault_token },
    );
    await answerChallenge(executed.body.redirect_url);
    orderIds.wallet = wallet.id;
  });
  afterAll(() => app.stop());

  const actor = (): Actor => ({
    projectId: project.projectId,
    merchantId: project.merchantId,
    merchantName: 'Test shop',
    mode: 'test',
    paymentMethods: [],
    principal: { kind: 'api_key', keyId: 'test', prefix: 'sk_test_test', expiresAt: null },
    role: 'admin',
  });

  /** The read before issue 12: four ORM queries, entities. */
  async function referenceRead(orderId: string): Promise<OrderView> {
    const em = app.runtime.services.orm.em.fork();
    const order = await em.findOneOrFail(Order, { id: orderId, projectId: project.projectId });
    const transactions = await em.find(
      Transaction,
      { orderId },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const related = await em.find(
      Order,
      { relatedOrderId: orderId },
      { fields: ['id', 'kind'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const events = await em.find(
      TransactionEvent,
      { transactionId: { $in: transactions.map((t) => t.id) } },
      { orderBy: { seq: 'asc' } },
    );
    return {
      order,
      transactions: transactions.map((transaction) => ({
        transaction,
        events: events.filter((event) => event.transactionId === transaction.id),
      })),
      relatedOrders: related.map(({ id, kind }) => ({ id, kind })),
    };
  }

  /** Entities and plain records compared by their data alone. */
  const data = (view: OrderView) => JSON.parse(JSON.stringify(view, (_key, value) => value ?? null));

  it('covers orders of every shape', async () => {
    const statusOf = async (shape: string) => (await api.get<Json>(`/v1/orders/${orderIds[shape]}/`)).body;
    expect((await statusOf('hosted')).status).toBe('new');
    expect((await statusOf('hostedPaidAfterDecline')).transactions.map((t: Json) => t.status)).toEqual([
      'declined',
      'accepted',
    ]);
    expect((await statusOf('declined')).status).toBe('error');
    expect((await statusOf('refunded')).flags).toContain('has-refunds');
    expect((await statusOf('captured')).flags).toContain('has-captures');
    expect((await statusOf('voided')).flags).toContain('has-voids');
    expect((await statusOf('oneClick')).status).toBe('completed');
    expect((await statusOf('wallet')).transactions[0].events.map((e: Json) => e.event)).toEqual([
      'new',
      'pending',
      'accepted',
    ]);
  });

  it.each([
    'hosted',
    'hostedPaidAfterDecline',
    'ownCheckoutNew',
    'declined',
    'challengeFailed',
    'refunded',
    'refund1000',
    'captured',
    'capture',
    'voided',
    'void',
    'firstOneClick',
    'oneClick',
    'wallet',
  ])('reads the %s order exactly as the entity read did', async (shape) => {
    const orderId = orderIds[shape]!;
    const reference = await referenceRead(orderId);
    const prepared = await getOrder(app.runtime.deps, actor(), orderId);

    expect(data(prepared)).toEqual(data(reference));
    for (const [index, { transaction, events }] of prepared.transactions.entries()) {
      expect(transaction.createdAt).toEqual(reference.transactions[index]!.transaction.createdAt);
      expect(events.map((e) => e.occurredAt)).toEqual(
        reference.transactions[index]!.events.map((e) => e.occurredAt),
      );
    }
    const baseUrl = app.runtime.deps.config.baseUrl;
    expect(JSON.stringify(presentOrder(prepared, baseUrl, 'Test shop'))).toBe(
      JSON.stringify(presentOrder(reference, baseUrl, 'Test shop')),
    );
  });

  it('reads several orders at once exactly as it reads each of them alone', async () => {
    // One order has a statement of its own (a plan PostgreSQL keeps); several share the batch statement.
    const ids = Object.values(orderIds);
    const together = await getOrders(app.runtime.deps, actor(), ids);
    expect(together.map((view) => view.order.id)).toEqual(ids);
    for (const [index, id] of ids.entries()) {
      expect(data(together[index]!)).toEqual(data(await getOrder(app.runtime.deps, actor(), id)));
    }
  });

  it('is what GET /v1/orders/{id}/ answers, byte for byte', async () => {
    const orderId = orderIds.refunded!;
    const { text } = await api.get(`/v1/orders/${orderId}/`);
    const baseUrl = app.runtime.deps.config.baseUrl;
    expect(text).toBe(JSON.stringify(presentOrder(await referenceRead(orderId), baseUrl, 'Test shop')));
  });
});
