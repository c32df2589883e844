import { randomUUID } from 'node:crypto';
import { createCardOrder, payOwnCheckoutOrder } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { storedRefunds, writtenState } from './support.ts';

type Json = Record<string, any>;

const REFUND = `mutation Refund($orderId: ID!, $amount: SafeInt!, $description: String, $merchantOrderId: String,
    $extra: JSONObject) {
  refundOrder(orderId: $orderId, amount: $amount, description: $description, merchantOrderId: $merchantOrderId,
      extra: $extra) {
    refund {
      id refundOfOrderId merchantOrderId description currency amount status flags created completed extra
      transactions { paymentMethod creditDebit refundOfTransactionId status }
    }
    order { id refundedAmount relatedOrderIds flags }
    userErrors { field code message }
  }
}`;

const ORDER_REFUNDS = `query Order($id: ID!) {
  order(id: $id) { refundedAmount refunds { id amount status refundOfOrderId transactions { amount } } }
}`;

describe('refunds over GraphQL', () => {
  let app: TestApp;
  let project: SeededProject;
  let gql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    gql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const paidOrder = (amount = 1000) => payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount });
  const refundOrder = (variables: Json, headers: Record<string, string> = {}) =>
    gql<{ refundOrder: Json }>(REFUND, variables, headers).then((r) => r.data!.refundOrder);

  it('refunds through the same command as REST and shows the refund on the order', async () => {
    const original = await paidOrder(1000);

    const payload = await refundOrder({
      orderId: original.id,
      amount: 250,
      merchantOrderId: 'gql-refund',
      extra: { ticket: 7 },
    });

    expect(payload.userErrors).toEqual([]);
    expect(payload.refund).toMatchObject({
      refundOfOrderId: original.id,
      merchantOrderId: 'gql-refund',
      description: original.description,
      currency: 'EUR',
      amount: 250,
      status: 'COMPLETED',
      flags: ['is-refund', 'is-test'],
      extra: { ticket: 7 },
      transactions: [
        {
          paymentMethod: 'CREDIT_CARD_REFUND',
          creditDebit: 'DEBIT',
          refundOfTransactionId: original.transactions[0].id,
          status: 'ACCEPTED',
        },
      ],
    });
    expect(payload.order).toMatchObject({
      id: original.id,
      refundedAmount: 250,
      relatedOrderIds: [payload.refund.id],
    });
    expect(payload.order.flags).toContain('has-refunds');

    const second = await refundOrder({ orderId: original.id, amount: 100 });
    const { data } = await gql<{ order: Json }>(ORDER_REFUNDS, { id: original.id });
    expect(data!.order).toEqual({
      refundedAmount: 350,
      refunds: [
        {
          id: payload.refund.id,
          amount: 250,
          status: 'COMPLETED',
          refundOfOrderId: original.id,
          transactions: [{ amount: 250 }],
        },
        {
          id: second.refund.id,
          amount: 100,
          status: 'COMPLETED',
          refundOfOrderId: original.id,
          transactions: [{ amount: 100 }],
        },
      ],
    });
  });

  it('answers refusals as userErrors and writes nothing', async () => {
    const original = await paidOrder(1000);
    const unpaid = await createCardOrder(app.baseUrl, project.apiKey, { amount: 1000 });
    const before = await writtenState(app.databaseUrl, project.projectId, original.id);

    const overRefund = await refundOrder({ orderId: original.id, amount: 1001 });
    const zero = await refundOrder({ orderId: original.id, amount: 0 });
    const notPaid = await refundOrder({ orderId: unpaid.id, amount: 100 });
    const missing = await refundOrder({ orderId: randomUUID(), amount: 100 });

    expect(overRefund).toMatchObject({
      refund: null,
      order: null,
      userErrors: [{ field: 'amount', code: 'refund_exceeds_remaining' }],
    });
    expect(zero.userErrors).toEqual([
      { field: 'amount', code: 'invalid_request', message: expect.stringContaining('at least 1') },
    ]);
    expect(notPaid.userErrors).toMatchObject([{ code: 'order_not_paid' }]);
    expect(missing.userErrors).toMatchObject([{ field: 'orderId', code: 'not_found' }]);
    expect(await writtenState(app.databaseUrl, project.projectId, original.id)).toEqual(before);
  });

  it("does not refund another project's order", async () => {
    const original = await paidOrder(1000);
    const intruder = await seedProject(app, { name: 'Intruder' });
    const { data } = await graphqlClient(app.baseUrl, intruder.apiKey)<{ refundOrder: Json }>(REFUND, {
      orderId: original.id,
      amount: 100,
    });
    expect(data!.refundOrder.userErrors).toMatchObject([{ code: 'not_found' }]);
    expect(await storedRefunds(app.databaseUrl, original.id)).toEqual([]);
  });

  it('refunds once when the mutation is retried with the same Idempotency-Key header', async () => {
    const original = await paidOrder(1000);
    const key = randomUUID();
    const first = await refundOrder({ orderId: original.id, amount: 300 }, { 'idempotency-key': key });
    const retry = await refundOrder({ orderId: original.id, amount: 300 }, { 'idempotency-key': key });

    expect(retry).toEqual(first);
    expect(await storedRefunds(app.databaseUrl, original.id)).toHaveLength(1);
  });
});
