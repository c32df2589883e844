import { buildOrder, buildOwnCheckoutOrder } from '../factories/order.ts';
import { cancelOrder, moveOwnCheckoutTransaction } from '../factories/order-status.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { type LiveClient, liveClient, subscriptionSettled } from '../helpers/graphql-ws.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

const ORDER_CHANGED = `subscription Changed($orderId: ID) {
  orderStatusChanged(orderId: $orderId) { id projectId status }
}`;

const ORDER_CREATED = `subscription Created {
  orderCreated { id projectId status amount transactions { status } event { type orderId } }
}`;

const ORDER_CREATED_AFTER = `subscription CreatedAfter($afterEvent: String) {
  orderCreated(afterEvent: $afterEvent) { id event { cursor } }
}`;

describe('GraphQL subscriptions over graphql-ws', () => {
  let app: TestApp;
  let project: SeededProject;
  const clients: LiveClient[] = [];

  const connect = (params?: Record<string, unknown>) => {
    const client = liveClient(app.baseUrl, params);
    clients.push(client);
    return client;
  };
  const createOrder = async (apiKey: string, body = buildOrder()) =>
    (await restClient(app.baseUrl, apiKey).post<{ id: string }>('/v1/orders/', body)).body.id;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await app.stop();
  });

  it('accepts the API key as `apiKey` or as a Basic `authorization` value and yields each changed order', async () => {
    const byKey = connect({ apiKey: project.apiKey });
    const byHeader = connect({ authorization: basicAuth(project.apiKey) });
    await Promise.all([byKey.connected, byHeader.connected]);
    const orderId = await createOrder(project.apiKey);
    const oneOrder = byKey.subscribe(ORDER_CHANGED, { orderId });
    const everyOrder = byHeader.subscribe(ORDER_CHANGED);
    await subscriptionSettled();

    await cancelOrder(app.runtime.services.orm, orderId);
    const expected = {
      orderStatusChanged: { id: orderId, projectId: project.projectId, status: 'CANCELLED' },
    };
    expect(await oneOrder.waitFor(1)).toEqual([expected]);
    expect(await everyOrder.waitFor(1)).toEqual([expected]);
  });

  it('closes the socket with 4403 Forbidden for a bad or missing key in connection_init', async () => {
    const badKey = connect({ apiKey: 'pk_test_00000000000000000000000000000000' });
    const badHeader = connect({ authorization: 'Basic bm90LWEta2V5Og==' });
    const none = connect();
    expect(await badKey.closed).toBe(4403);
    expect(await badHeader.closed).toBe(4403);
    expect(await none.closed).toBe(4403);
  });

  it("shows a subscriber only its own project's orders, even when it names another project's order", async () => {
    const other = await seedProject(app);
    const ours = connect({ apiKey: project.apiKey });
    const theirs = connect({ apiKey: other.apiKey });
    await Promise.all([ours.connected, theirs.connected]);
    const orderId = await createOrder(project.apiKey);
    const ownView = ours.subscribe(ORDER_CHANGED);
    const allOfTheirs = theirs.subscribe(ORDER_CHANGED);
    const peeking = theirs.subscribe(ORDER_CHANGED, { orderId });
    await subscriptionSettled();

    await cancelOrder(app.runtime.services.orm, orderId);
    await ownView.waitFor(1);
    // The event has been fanned out by now; give the other project's subscriptions the same chance.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(allOfTheirs.events).toEqual([]);
    expect(peeking.events).toEqual([]);
    expect([...allOfTheirs.errors, ...peeking.errors]).toEqual([]);
  });

  it('yields the transaction events of an order as its transaction moves', async () => {
    const live = connect({ apiKey: project.apiKey });
    await live.connected;
    const orderId = await createOrder(project.apiKey, buildOwnCheckoutOrder());
    // Its transaction's first status (`new`) was committed with the order: let that pass before subscribing.
    await subscriptionSettled();
    const events = live.subscribe(
      `subscription T($orderId: ID!) {
        transactionEvents(orderId: $orderId) { orderId fromStatus status occurred transaction { id status } }
      }`,
      { orderId },
    );
    await subscriptionSettled();

    await moveOwnCheckoutTransaction(app.runtime.services.orm, orderId, 'processing');
    await moveOwnCheckoutTransaction(app.runtime.services.orm, orderId, 'completed');
    const [first, second] = await events.waitFor(2);
    expect(first!.transactionEvents).toMatchObject({ orderId, fromStatus: 'NEW', status: 'PROCESSING' });
    expect(second!.transactionEvents).toMatchObject({
      orderId,
      fromStatus: 'PROCESSING',
      status: 'COMPLETED',
    });
    expect(second!.transactionEvents.transaction.status).toBe('COMPLETED');
  });

  it('catches up after its LISTEN connection drops, so a change made meanwhile still arrives', async () => {
    const live = connect({ apiKey: project.apiKey });
    await live.connected;
    const feed = live.subscribe(ORDER_CHANGED);
    await subscriptionSettled();
    const [before, during, after] = [
      await createOrder(project.apiKey),
      await createOrder(project.apiKey),
      await createOrder(project.apiKey),
    ];
    await cancelOrder(app.runtime.services.orm, before);
    await feed.waitFor(1);

    const listenConnections = () =>
      sql(
        app.databaseUrl,
        `select pid from pg_stat_activity
          where application_name = 'payments-gateway-listen' and datname = current_database()`,
      );
    const [dropped] = await listenConnections();
    await sql(app.databaseUrl, 'select pg_terminate_backend($1)', [dropped!.pid]);
    await cancelOrder(app.runtime.services.orm, during);
    await feed.waitFor(2);
    await eventually(async () => (await listenConnections()).some((row) => row.pid !== dropped!.pid));
    await cancelOrder(app.runtime.services.orm, after);
    const events = await feed.waitFor(3);
    expect(events.map((event) => event.orderStatusChanged.id)).toEqual([before, during, after]);
  });

  it('yields every new order of the project the moment it is created, one without transactions included', async () => {
    const other = await seedProject(app);
    const ours = connect({ apiKey: project.apiKey });
    const theirs = connect({ apiKey: other.apiKey });
    await Promise.all([ours.connected, theirs.connected]);
    const created = ours.subscribe(ORDER_CREATED);
    const ofTheOtherProject = theirs.subscribe(ORDER_CREATED);
    await subscriptionSettled();

    const hosted = await createOrder(project.apiKey, buildOrder({ amount: 1234 }));
    const own = await createOrder(project.apiKey, buildOwnCheckoutOrder());
    const events = await created.waitFor(2);
    expect(events.map((event) => event.orderCreated)).toEqual([
      {
        id: hosted,
        projectId: project.projectId,
        status: 'NEW',
        amount: 1234,
        transactions: [],
        event: { type: 'ORDER_CREATED', orderId: hosted },
      },
      expect.objectContaining({ id: own, status: 'NEW', transactions: [{ status: 'NEW' }] }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ofTheOtherProject.events).toEqual([]);
    expect([...created.errors, ...ofTheOtherProject.errors]).toEqual([]);
  });

  it('replays the orders created after `afterEvent` first, then goes on live, with no gap and no duplicate', async () => {
    const before = await createOrder(project.apiKey);
    const firstLive = connect({ apiKey: project.apiKey });
    const seen = firstLive.subscribe(ORDER_CREATED_AFTER, { afterEvent: null });
    await subscriptionSettled();
    const seenLive = await createOrder(project.apiKey);
    // A live subscription starts at its first published event: the order created just before it may still be
    // on its way from the relay (it arrives first, or not at all), and the one created after it always arrives.
    const received = await eventually(
      () => {
        const ids = seen.events.map((event) => event.orderCreated.id);
        return ids.includes(seenLive) ? seen.events : undefined;
      },
      15_000,
      'the order created while subscribed',
    );
    const ids = received.map((event) => event.orderCreated.id);
    expect([[seenLive], [before, seenLive]]).toContainEqual(ids);
    const last = received.at(-1)!.orderCreated;
    seen.stop();

    // Away: two orders are created while no one listens.
    const whileAway = [await createOrder(project.apiKey), await createOrder(project.apiKey)];
    const back = connect({ apiKey: project.apiKey });
    const resumed = back.subscribe(ORDER_CREATED_AFTER, { afterEvent: last.event.cursor });
    const [first, second] = await resumed.waitFor(2);
    expect([first!.orderCreated.id, second!.orderCreated.id]).toEqual(whileAway);
    const afterwards = await createOrder(project.apiKey);
    const all = await resumed.waitFor(3);
    expect(all.map((event) => event.orderCreated.id)).toEqual([...whileAway, afterwards]);
    expect(all.map((event) => event.orderCreated.id)).not.toContain(before);
  });

  it('answers a subscription sent over plain HTTP with an error pointing to WebSocket', async () => {
    const { data, errors } = await graphqlClient(app.baseUrl, project.apiKey)(ORDER_CHANGED);
    expect(data).toBeNull();
    expect(errors?.[0]).toMatchObject({ extensions: { code: 'BAD_REQUEST' } });
    expect(errors?.[0]?.message).toContain('WebSocket');
  });

  it('serves queries over the same socket, scoped to the key of the connection', async () => {
    const live = connect({ apiKey: project.apiKey });
    const { value } = await live.client.iterate({ query: '{ project { id } }' }).next();
    expect(value.data).toEqual({ project: { id: project.projectId } });
    expect(value.errors).toBeUndefined();
  });
});

describe('shutting down with subscribers connected', () => {
  it('closes open sockets with 1001 Going away and stops', async () => {
    const app = await startTestApp();
    const project = await seedProject(app);
    const live = liveClient(app.baseUrl, { apiKey: project.apiKey });
    await live.connected;
    live.subscribe(ORDER_CHANGED);
    await subscriptionSettled();

    await app.stop();
    expect(await live.closed).toBe(1001);
    await live.dispose();
  });
});
