import pg from 'pg';
import { purgeExpiredEvents } from '../../src/modules/events/commands/purge-events.ts';
import { buildOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the events feed over REST and GraphQL', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let gql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    gql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const eventsOf = async (orderId: string): Promise<Json[]> => {
    const { status, body } = await api.get<Json>(`/v1/events/?order_id=${orderId}&limit=100`);
    expect(status).toBe(200);
    return body.events;
  };
  const authorize = () =>
    payOwnCheckoutOrder(app.baseUrl, project.apiKey, { captureMode: 'manual', amount: 5000 });
  const transactionPath = (order: Json, operation: string) =>
    `/v1/orders/${order.id}/transactions/${order.transactions[0].id}/${operation}/`;

  it('records a card payment as the new order, then transaction and order status changes, each with a uuid, time and snapshot', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1250 });
    const transactionId = paid.transactions[0].id;
    const events = await eventsOf(paid.id);

    expect(events.map((event) => [event.type, event.data.from_status, event.data.status])).toEqual([
      ['order.created', undefined, 'new'],
      ['transaction.status_changed', null, 'new'],
      ['transaction.status_changed', 'new', 'accepted'],
      ['order.status_changed', 'new', 'completed'],
    ]);
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(['cursor', 'data', 'id', 'occurred', 'order_id', 'type']);
      expect(event.id).toMatch(UUID);
      expect(event.order_id).toBe(paid.id);
      expect(new Date(event.occurred).toISOString()).toBe(event.occurred);
    }
    expect(events[0]!.data).toEqual({
      status: 'new',
      amount: 1250,
      currency: 'EUR',
      kind: 'payment',
      checkout: 'own',
    });
    expect(events[2]!.data).toEqual({
      transaction_id: transactionId,
      status: 'accepted',
      from_status: 'new',
      amount: 1250,
      currency: 'EUR',
      payment_method: 'credit-card',
    });
    expect(events[3]!.data).toEqual({
      status: 'completed',
      from_status: 'new',
      amount: 1250,
      currency: 'EUR',
      kind: 'payment',
    });
    // Every transaction event of the order has its feed event: one per recorded change, none more.
    const [recorded] = await sql<{ n: string }>(
      app.databaseUrl,
      'select count(*) as n from transaction_events e join transactions t on t.id = e.transaction_id where t.order_id = $1',
      [paid.id],
    );
    expect(events.filter((e) => e.type === 'transaction.status_changed')).toHaveLength(Number(recorded!.n));
  });

  it('records refunds, captures and voids on the original order, naming the new order', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1000 });
    const refund = await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, { amount: 300 });
    expect(refund.status).toBe(201);
    const second = await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, { amount: 200 });
    const refunded = (await eventsOf(paid.id)).filter((event) => event.type === 'order.refunded');
    expect(refunded.map((event) => event.data)).toEqual([
      { refund_order_id: refund.body.id, amount: 300, currency: 'EUR', refunded_amount: 300 },
      { refund_order_id: second.body.id, amount: 200, currency: 'EUR', refunded_amount: 500 },
    ]);
    // The refund order is a new order of its own, with its own status changes.
    const refundEvents = (await eventsOf(refund.body.id)).map((event) => event.type);
    expect(refundEvents[0]).toBe('order.created');
    expect(refundEvents).toContain('order.status_changed');

    const toCapture = await authorize();
    const capture = await api.post<Json>(transactionPath(toCapture, 'captures'), { amount: 4000 });
    expect(capture.status).toBe(201);
    const captureEvents = await eventsOf(toCapture.id);
    expect(captureEvents.at(-2)).toMatchObject({
      type: 'transaction.status_changed',
      data: { status: 'captured', from_status: 'accepted' },
    });
    expect(captureEvents.at(-1)).toMatchObject({
      type: 'order.captured',
      data: { capture_order_id: capture.body.id, amount: 4000, currency: 'EUR' },
    });

    const toVoid = await authorize();
    const voided = await api.post<Json>(transactionPath(toVoid, 'voids'));
    expect(voided.status).toBe(201);
    expect((await eventsOf(toVoid.id)).at(-1)).toMatchObject({
      type: 'order.voided',
      data: { void_order_id: voided.body.id, amount: 5000, currency: 'EUR' },
    });
  });

  it('writes nothing to the feed for a refused refund', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 100 });
    const before = await eventsOf(paid.id);
    const refused = await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, { amount: 101 });
    expect(refused.status).toBe(422);
    expect(await eventsOf(paid.id)).toEqual(before);
  });

  it('pages oldest first with limit and after, and says next: null once nothing more follows', async () => {
    const own = await seedProject(app);
    const client = restClient(app.baseUrl, own.apiKey);
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { body } = await client.post<Json>('/v1/orders/', buildOrder());
      orders.push(body.id);
      await cancelOrder(app.runtime.services.orm, body.id);
    }
    const all = (await client.get<Json>('/v1/events/')).body;
    expect(all.next).toBeNull();
    expect(all.events.map((e: Json) => [e.order_id, e.type])).toEqual(
      orders.flatMap((id) => [
        [id, 'order.created'],
        [id, 'order.status_changed'],
      ]),
    );

    const first = (await client.get<Json>('/v1/events/?limit=4')).body;
    expect(first.events.map((e: Json) => e.id)).toEqual(all.events.slice(0, 4).map((e: Json) => e.id));
    expect(first.next).toBe(first.events[3].cursor);
    const rest = (await client.get<Json>(`/v1/events?limit=4&after=${first.next}`)).body;
    expect(rest.events.map((e: Json) => e.id)).toEqual(all.events.slice(4).map((e: Json) => e.id));
    expect(rest.next).toBeNull();
    // An event id works as a position too.
    const afterId = (await client.get<Json>(`/v1/events/?after=${all.events[0].id}`)).body;
    expect(afterId.events.map((e: Json) => e.id)).toEqual(all.events.slice(1).map((e: Json) => e.id));
    // Nothing happened since the last event: an empty page, and the reader keeps its cursor.
    expect((await client.get<Json>(`/v1/events/?after=${all.events[5].cursor}`)).body).toEqual({
      events: [],
      next: null,
    });
  });

  it('filters by type (repeated or comma-separated), order and occurred_after', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
    const byOrder = await eventsOf(paid.id);
    const orderOnly = (await api.get<Json>(`/v1/events/?order_id=${paid.id}&type=order.status_changed`)).body;
    expect(orderOnly.events.map((e: Json) => e.id)).toEqual(
      byOrder.filter((e) => e.type === 'order.status_changed').map((e) => e.id),
    );
    const both = (
      await api.get<Json>(
        `/v1/events/?order_id=${paid.id}&type=order.status_changed&type=transaction.status_changed`,
      )
    ).body;
    const commaSeparated = (
      await api.get<Json>(
        `/v1/events/?order_id=${paid.id}&type=order.status_changed,transaction.status_changed`,
      )
    ).body;
    const statusChanges = byOrder.filter((e) => e.type !== 'order.created');
    expect(statusChanges.length).toBe(byOrder.length - 1);
    expect(both.events).toEqual(statusChanges);
    expect(commaSeparated.events).toEqual(statusChanges);
    const last = byOrder.at(-1)!;
    const since = new Date(new Date(last.occurred).getTime() - 1).toISOString();
    const recent = (await api.get<Json>(`/v1/events/?order_id=${paid.id}&occurred_after=${since}`)).body;
    expect(recent.events.map((e: Json) => e.id)).toContain(last.id);
    expect(recent.events.every((e: Json) => e.occurred > since)).toBe(true);
  });

  it('answers one event with and without the trailing slash; another project sees a 404', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
    const [event] = await eventsOf(paid.id);
    expect((await api.get<Json>(`/v1/events/${event!.id}/`)).body).toEqual(event);
    expect((await api.get<Json>(`/v1/events/${event!.id}`)).body).toEqual(event);

    const other = await seedProject(app);
    const stranger = restClient(app.baseUrl, other.apiKey);
    const foreign = await stranger.get<Json>(`/v1/events/${event!.id}/`);
    const missing = await stranger.get<Json>('/v1/events/00000000-0000-4000-8000-000000000000/');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body).toEqual({ error: { status: 404, type: 'not_found', value: 'Event not found' } });
    expect((await stranger.get<Json>(`/v1/events/?order_id=${paid.id}`)).body).toEqual({
      events: [],
      next: null,
    });
    expect((await stranger.get<Json>(`/v1/events/?after=${event!.id}`)).status).toBe(400);
    expect((await restClient(app.baseUrl).get('/v1/events/')).status).toBe(401);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['type=order.exploded', 'type'],
    ['after=not-a-cursor', 'after'],
    ['order_id=12', 'order_id'],
    ['occurred_after=yesterday', 'occurred_after'],
    ['colour=blue', 'colour'],
  ])('refuses %s with a 400 naming the parameter', async (query, field) => {
    const { status, body } = await api.get<Json>(`/v1/events/?${query}`);
    expect(status).toBe(400);
    expect(body.error.type).toBe('invalid_request');
    expect(body.error.value).toContain(field);
  });

  it('serves the same feed as a GraphQL connection, forward and backward, with typed snapshots', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 777 });
    const refund = (await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, { amount: 77 })).body;
    const rest = await eventsOf(paid.id);
    const query = `query Events($first: Int, $after: String, $last: Int, $before: String, $filter: EventFilter) {
      events(first: $first, after: $after, last: $last, before: $before, filter: $filter) {
        edges { cursor node { id cursor type occurred orderId snapshot {
          orderStatus fromOrderStatus transactionId transactionStatus fromTransactionStatus paymentMethod
          amount currency relatedOrderId refundedAmount deliveryId attemptCount errorKind httpStatus } } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }`;
    const forward = await gql<Json>(query, { first: 100, filter: { orderId: paid.id } });
    expect(forward.errors).toBeUndefined();
    const nodes = forward.data!.events.edges.map((edge: Json) => edge.node);
    expect(nodes.map((node: Json) => node.id)).toEqual(rest.map((event) => event.id));
    expect(nodes.map((node: Json) => node.cursor)).toEqual(rest.map((event) => event.cursor));
    expect(nodes.at(-1)).toMatchObject({
      type: 'ORDER_REFUNDED',
      orderId: paid.id,
      snapshot: {
        relatedOrderId: refund.id,
        amount: 77,
        currency: 'EUR',
        refundedAmount: 77,
        orderStatus: null,
        transactionStatus: null,
      },
    });
    expect(nodes.find((node: Json) => node.type === 'ORDER_STATUS_CHANGED').snapshot).toMatchObject({
      orderStatus: 'COMPLETED',
      fromOrderStatus: 'NEW',
      amount: 777,
    });
    expect(nodes[0]).toMatchObject({
      type: 'ORDER_CREATED',
      snapshot: {
        orderStatus: 'NEW',
        fromOrderStatus: null,
        amount: 777,
        currency: 'EUR',
        transactionStatus: null,
      },
    });
    expect(nodes[1].snapshot).toMatchObject({
      transactionId: paid.transactions[0].id,
      transactionStatus: 'NEW',
      fromTransactionStatus: null,
      paymentMethod: 'CREDIT_CARD',
    });

    const newest = await gql<Json>(query, { last: 2, filter: { orderId: paid.id } });
    expect(newest.data!.events.edges.map((edge: Json) => edge.node.id)).toEqual(
      rest.slice(-2).map((event) => event.id),
    );
    expect(newest.data!.events.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    const older = await gql<Json>(query, {
      last: 100,
      before: newest.data!.events.pageInfo.startCursor,
      filter: { orderId: paid.id, types: ['TRANSACTION_STATUS_CHANGED', 'ORDER_STATUS_CHANGED'] },
    });
    expect(older.data!.events.edges.map((edge: Json) => edge.node.id)).toEqual(
      rest
        .slice(0, -2)
        .filter((e) => e.type !== 'order.refunded' && e.type !== 'order.created')
        .map((event) => event.id),
    );

    const one = await gql<Json>('query One($id: ID!) { event(id: $id) { id type } }', { id: rest[0]!.id });
    expect(one.data).toEqual({ event: { id: rest[0]!.id, type: 'ORDER_CREATED' } });
    const other = await seedProject(app);
    const foreign = await graphqlClient(app.baseUrl, other.apiKey)<Json>(
      'query One($id: ID!) { event(id: $id) { id } }',
      { id: rest[0]!.id },
    );
    expect(foreign.data).toEqual({ event: null });
    const bad = await gql<Json>(query, { first: 500 });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('never shows an event before one that commits later with an earlier position, and waits for no other database', async () => {
    const own = await seedProject(app);
    const client = restClient(app.baseUrl, own.apiKey);
    const [first, second] = [
      (await client.post<Json>('/v1/orders/', buildOrder())).body.id,
      (await client.post<Json>('/v1/orders/', buildOrder())).body.id,
    ];
    // The reader has read up to the two orders' creation.
    const created = (await client.get<Json>('/v1/events/')).body.events;
    expect(created.map((e: Json) => [e.order_id, e.type])).toEqual([
      [first, 'order.created'],
      [second, 'order.created'],
    ]);
    const position = created.at(-1).cursor;
    // A transaction of this database writes an event and stays open.
    const writer = new pg.Client({ connectionString: app.databaseUrl });
    await writer.connect();
    await writer.query('begin');
    await writer.query(
      `insert into outbox_events (type, project_id, order_id, data, occurred_at)
       values ('order.status_changed', $1, $2, '{"status":"processing","from_status":"new"}', now())`,
      [own.projectId, first],
    );
    // A transaction of another database stays open too: it must not hold this feed back.
    const stranger = new pg.Client({ connectionString: await createTestDatabase() });
    await stranger.connect();
    await stranger.query('begin');
    await stranger.query('select pg_current_xact_id()');
    try {
      await cancelOrder(app.runtime.services.orm, second);
      // The later commit has the later transaction: it waits until the open one ends, so a reader that keeps
      // its position never skips the open one's event.
      expect((await client.get<Json>(`/v1/events/?after=${position}`)).body).toEqual({
        events: [],
        next: null,
      });
      await writer.query('commit');
      const { events } = (await client.get<Json>(`/v1/events/?after=${position}`)).body;
      expect(events.map((e: Json) => [e.order_id, e.data.status])).toEqual([
        [first, 'processing'],
        [second, 'cancelled'],
      ]);
    } finally {
      await writer.end();
      await stranger.query('rollback');
      await stranger.end();
    }
  });

  it('purges events older than the retention period, and only those', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
    await sql(app.databaseUrl, 'update outbox_events set relayed_at = now() where relayed_at is null');
    expect((await eventsOf(paid.id)).length).toBeGreaterThan(0);
    const now = Date.now();
    const deps = app.runtime.deps;
    expect(await purgeExpiredEvents({ ...deps, now: () => new Date(now + 29 * 86_400_000) })).toBe(0);
    expect((await eventsOf(paid.id)).length).toBeGreaterThan(0);
    expect(await purgeExpiredEvents({ ...deps, now: () => new Date(now + 31 * 86_400_000) })).toBeGreaterThan(
      0,
    );
    expect(await eventsOf(paid.id)).toEqual([]);
  });
});
