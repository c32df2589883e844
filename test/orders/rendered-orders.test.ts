import { buildOrder } from '../factories/order.ts';
import { createCardOrder, payOwnCheckoutOrder, storeCard, TEST_CVC } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

/**
 * A REST GET serves the body this process rendered before, and a GraphQL `order(id:)` the view it read before, only
 * while the order is still at the version it was read at (orders/rendered-orders.ts): every read below follows a
 * read that kept a rendering, then a change made some other way than through that rendering.
 */
describe('an order read again after it changed', () => {
  let app: TestApp;
  let other: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    // A second process on the same database: its writes never pass through the first one's renderings.
    other = await startTestApp({ JOBS_ENABLED: 'false', DATABASE_URL: app.databaseUrl });
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(async () => {
    await other.stop();
    await app.stop();
  });

  const read = async (id: string, client = api) => {
    const { status, body } = await client.get<Json>(`/v1/orders/${id}/`);
    expect(status).toBe(200);
    return body;
  };
  /** An order as the other process shows it, with this one's base URL in its links. */
  const readElsewhere = async (id: string) =>
    JSON.parse(
      JSON.stringify(await read(id, restClient(other.baseUrl, project.apiKey))).replaceAll(
        other.baseUrl,
        app.baseUrl,
      ),
    );

  it('shows a payment made through another process at once, each step of it', async () => {
    const created = await createCardOrder(app.baseUrl, project.apiKey);
    const [transaction] = created.transactions;
    expect((await read(created.id)).transactions[0].status).toBe('new');
    const stored = await storeCard(other.baseUrl, project.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
    });
    expect(stored.status).toBe(201);
    expect(await read(created.id)).toEqual(await readElsewhere(created.id));
    const paid = await restClient(other.baseUrl, project.apiKey).post<Json>(
      `/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`,
      { vault_token: stored.body.vault_token, cvc: TEST_CVC },
    );
    expect(paid.status).toBe(200);
    const after = await read(created.id);
    expect(after.status).toBe('completed');
    expect(after).toEqual(await readElsewhere(created.id));
  });

  it('shows a transaction changed by another writer, and its events, at once', async () => {
    const created = await createCardOrder(app.baseUrl, project.apiKey);
    await read(created.id);
    await read(created.id);
    await sql(app.databaseUrl, `update transactions set reason = 'changed elsewhere' where order_id = $1`, [
      created.id,
    ]);
    expect((await read(created.id)).transactions[0].reason).toBe('changed elsewhere');
  });

  it('shows an order changed through the other process at once', async () => {
    const { body: created } = await api.post<Json>('/v1/orders/', buildOrder({ description: 'first' }));
    await read(created.id);
    const elsewhere = restClient(other.baseUrl, project.apiKey);
    const { status } = await elsewhere.call('PUT', `/v1/orders/${created.id}/`, { description: 'second' });
    expect(status).toBe(200);
    expect((await read(created.id)).description).toBe('second');
    expect(await read(created.id)).toEqual(await readElsewhere(created.id));
  });

  it('lists a refund made through the other process among the related orders at once', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
    expect(paid.status).toBe('completed');
    await read(paid.id);
    const refund = await restClient(other.baseUrl, project.apiKey).post<Json>(
      `/v1/orders/${paid.id}/refunds/`,
      {
        amount: 1,
      },
    );
    expect(refund.status).toBe(201);
    const after = await read(paid.id);
    expect(JSON.stringify(after)).toContain(refund.body.id);
    expect(after).toEqual(await readElsewhere(paid.id));
  });

  it('lists an order that another writer relates to it at once, its own row untouched', async () => {
    const { body: original } = await api.post<Json>('/v1/orders/', buildOrder());
    const { body: later } = await api.post<Json>('/v1/orders/', buildOrder());
    const before = await read(original.id);
    await sql(app.databaseUrl, 'update orders set related_order_id = $1 where id = $2', [
      original.id,
      later.id,
    ]);
    const after = await read(original.id);
    expect(after).not.toEqual(before);
    expect(JSON.stringify(after)).toContain(later.id);
  });

  it("answers another project's key exactly as for a missing order, though this process rendered it", async () => {
    const { body: created } = await api.post<Json>('/v1/orders/', buildOrder());
    await read(created.id);
    const stranger = restClient(app.baseUrl, (await seedProject(app)).apiKey);
    const theirs = await stranger.get<Json>(`/v1/orders/${created.id}/`);
    const missing = await stranger.get<Json>('/v1/orders/5f1c0000-0000-4000-8000-000000000000/');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
  });

  it('answers an order deleted since it was rendered as not found', async () => {
    const { body: created } = await api.post<Json>('/v1/orders/', buildOrder());
    await read(created.id);
    await sql(app.databaseUrl, 'delete from outbox_events where order_id = $1', [created.id]);
    await sql(app.databaseUrl, 'delete from orders where id = $1', [created.id]);
    expect((await api.get<Json>(`/v1/orders/${created.id}/`)).status).toBe(404);
  });
  describe('through GraphQL', () => {
    const ORDER = `query($id: ID!) {
      order(id: $id) { id status description transactions { id status reason } relatedOrderIds }
    }`;
    const readOrder = async (id: string, apiKey = project.apiKey) => {
      const response = await graphqlClient(app.baseUrl, apiKey)<{ order: Json | null }>(ORDER, { id });
      expect(response.errors).toBeUndefined();
      return response.data!.order;
    };

    it('shows a payment made through another process at once', async () => {
      const created = await createCardOrder(app.baseUrl, project.apiKey);
      const [transaction] = created.transactions;
      expect((await readOrder(created.id))!.transactions[0].status).toBe('NEW');
      const stored = await storeCard(other.baseUrl, project.apiKey, {
        setupToken: transaction.payment_method_details.setup_token,
      });
      const paid = await restClient(other.baseUrl, project.apiKey).post<Json>(
        `/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`,
        { vault_token: stored.body.vault_token, cvc: TEST_CVC },
      );
      expect(paid.status).toBe(200);
      const after = await readOrder(created.id);
      expect(after!.status).toBe('COMPLETED');
      expect(after!.transactions[0].status).toBe('ACCEPTED');
    });

    it('shows a transaction, the order and its related orders as changed by another writer, at once', async () => {
      const created = await createCardOrder(app.baseUrl, project.apiKey);
      const { body: later } = await api.post<Json>('/v1/orders/', buildOrder());
      await readOrder(created.id);
      await readOrder(created.id);
      await sql(app.databaseUrl, `update transactions set reason = 'changed elsewhere' where order_id = $1`, [
        created.id,
      ]);
      expect((await readOrder(created.id))!.transactions[0].reason).toBe('changed elsewhere');
      await sql(app.databaseUrl, `update orders set description = 'described elsewhere' where id = $1`, [
        created.id,
      ]);
      expect((await readOrder(created.id))!.description).toBe('described elsewhere');
      await sql(app.databaseUrl, 'update orders set related_order_id = $1 where id = $2', [
        created.id,
        later.id,
      ]);
      expect((await readOrder(created.id))!.relatedOrderIds).toEqual([later.id]);
    });

    it("answers another project's key exactly as for a missing order, though this process read it", async () => {
      const { body: created } = await api.post<Json>('/v1/orders/', buildOrder());
      expect(await readOrder(created.id)).toMatchObject({ id: created.id });
      const stranger = (await seedProject(app)).apiKey;
      expect(await readOrder(created.id, stranger)).toBeNull();
      expect(await readOrder('5f1c0000-0000-4000-8000-000000000000', stranger)).toBeNull();
    });
  });
});
