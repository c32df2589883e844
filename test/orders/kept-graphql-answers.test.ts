import { buildOrder } from '../factories/order.ts';
import { createCardOrder, storeCard, TEST_CVC } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

/**
 * An `order(id:)` query this process answered before is answered as it kept it while the order is unchanged
 * (orders/graphql/kept-order-results.ts; that it then reads only the order's version: statement-counts.test.ts).
 * What the caller sees must be what running the operation would show: each operation and order its own answer,
 * a change shown at once, and every answer's cost its own.
 */
describe('an order(id:) answered again', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let graphql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    graphql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const STATUS = 'query($id: ID!) { order(id: $id) { id status } }';
  const DESCRIBED = 'query($id: ID!) { order(id: $id) { id status description amount } }';
  const read = async (document: string, id: string) => {
    const response = await graphql<{ order: Json | null }>(document, { id });
    expect(response.errors).toBeUndefined();
    return response.data!.order;
  };

  it('answers each operation, order and set of variables with its own answer, an unknown order with null', async () => {
    const { body: first } = await api.post<Json>('/v1/orders/', buildOrder({ description: 'first' }));
    const { body: second } = await api.post<Json>('/v1/orders/', buildOrder({ description: 'second' }));
    for (let round = 0; round < 2; round++) {
      expect(await read(STATUS, first.id)).toEqual({ id: first.id, status: 'NEW' });
      expect(await read(DESCRIBED, first.id)).toEqual({
        id: first.id,
        status: 'NEW',
        description: 'first',
        amount: first.amount,
      });
      expect(await read(STATUS, second.id)).toEqual({ id: second.id, status: 'NEW' });
      expect(await read(`{ order(id: "${second.id}") { description } }`, second.id)).toEqual({
        description: 'second',
      });
      expect(await read(DESCRIBED, '5f1c0000-0000-4000-8000-000000000000')).toBeNull();
    }
  });

  it('shows each step of a payment, and the events selected through a fragment, at once', async () => {
    const EVENTS = `query($id: ID!) { order(id: $id) { status transactions { ...Steps } } }
      fragment Steps on Transaction { status events { event } }`;
    const created = await createCardOrder(app.baseUrl, project.apiKey);
    const [transaction] = created.transactions;
    const before = await read(EVENTS, created.id);
    expect(before).toEqual({ status: 'NEW', transactions: [{ status: 'NEW', events: [{ event: 'new' }] }] });
    expect(await read(EVENTS, created.id)).toEqual(before);
    const stored = await storeCard(app.baseUrl, project.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
    });
    const paid = await api.post<Json>(
      `/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`,
      {
        vault_token: stored.body.vault_token,
        cvc: TEST_CVC,
      },
    );
    expect(paid.status).toBe(200);
    const after = await read(EVENTS, created.id);
    expect(after!.status).toBe('COMPLETED');
    expect(after!.transactions[0].status).toBe('ACCEPTED');
    expect(after!.transactions[0].events.length).toBeGreaterThan(1);
    expect(await read(EVENTS, created.id)).toEqual(after);
  });

  it('costs a kept answer as the operation it answers, and reports the budget as of that answer', async () => {
    const { body: created } = await api.post<Json>('/v1/orders/', buildOrder());
    const ran = await graphql<Json>(DESCRIBED, { id: created.id });
    const kept = await graphql<Json>(DESCRIBED, { id: created.id });
    expect(kept.data).toEqual(ran.data);
    const costOf = (response: Json) => {
      const { requestedQueryCost, actualQueryCost } = response.extensions.cost;
      return { requestedQueryCost, actualQueryCost };
    };
    expect(costOf(kept)).toEqual(costOf(ran));
    expect(kept.extensions!.cost.throttleStatus.currentlyAvailable).toEqual(expect.any(Number));
  });
});
