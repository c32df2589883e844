import WebSocket from 'ws';
import { buildOrder } from '../factories/order.ts';
import { cancelOrder, cancelOrders } from '../factories/order-status.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type LiveClient, liveClient, subscriptionSettled } from '../helpers/graphql-ws.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { countStatements } from '../helpers/statement-log.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

const EVENTS = `subscription Feed($afterEvent: String, $types: [EventType!], $orderId: ID) {
  events(afterEvent: $afterEvent, types: $types, orderId: $orderId) {
    id cursor type orderId snapshot { orderStatus }
  }
}`;

describe('subscriptions that replay after a cursor, then continue live', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  const clients: LiveClient[] = [];

  const connect = () => {
    const client = liveClient(app.baseUrl, { apiKey: project.apiKey });
    clients.push(client);
    return client;
  };
  const newOrder = async () => (await api.post<Json>('/v1/orders/', buildOrder())).body.id as string;
  /** Every event of the project, oldest first, as the REST feed lists them. */
  const restFeed = async (): Promise<Json[]> => {
    const events: Json[] = [];
    let after = '';
    for (;;) {
      const { body } = await api.get<Json>(`/v1/events/?limit=100${after ? `&after=${after}` : ''}`);
      events.push(...body.events);
      if (!body.next) return events;
      after = body.next;
    }
  };

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await app.stop();
  });

  it('loses and repeats nothing when a client disconnects while changes happen and resumes with afterEvent', async () => {
    const orders = await Promise.all(Array.from({ length: 24 }, newOrder));
    const first = connect();
    await first.connected;
    const before = first.subscribe<{ events: Json }>(EVENTS);
    await subscriptionSettled();

    // Changes keep coming, one every few milliseconds, across the disconnect and the reconnect.
    let made = 0;
    const producing = (async () => {
      for (const orderId of orders) {
        await cancelOrder(app.runtime.services.orm, orderId);
        made += 1;
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();
    await before.waitFor(4);
    await first.dispose();
    const seenBefore = before.events.map((event) => event.events);
    await eventually(() => made >= 10, 15_000, 'more changes while disconnected');

    const second = connect();
    const after = second.subscribe<{ events: Json }>(EVENTS, { afterEvent: seenBefore.at(-1)!.cursor });
    await producing;
    const feed = await restFeed();
    const firstSeen = feed.findIndex((event) => event.id === seenBefore[0]!.id);
    const expected = feed.slice(firstSeen).map((event) => event.id);
    expect(expected).toHaveLength(orders.length);
    await after.waitFor(expected.length - seenBefore.length);

    const received = [...seenBefore, ...after.events.map((event) => event.events)];
    expect(received.map((event) => event.id)).toEqual(expected);
    expect(received.every((event) => event.type === 'ORDER_STATUS_CHANGED')).toBe(true);
    expect(received.map((event) => event.cursor)).toEqual(feed.slice(firstSeen).map((event) => event.cursor));
    // Nothing more arrives: the live part repeated nothing of the replay.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(after.events).toHaveLength(expected.length - seenBefore.length);
  }, 60_000);

  it('replays an order and then its live changes; each payload carries the event to resume after', async () => {
    const orderId = await newOrder();
    const other = await newOrder();
    await cancelOrder(app.runtime.services.orm, other);
    const [cancelledOther] = (await api.get<Json>(`/v1/events/?order_id=${other}&type=order.status_changed`))
      .body.events;
    await cancelOrder(app.runtime.services.orm, orderId);

    const live = connect();
    const changes = live.subscribe<{ orderStatusChanged: Json }>(
      `subscription S($after: String) {
        orderStatusChanged(afterEvent: $after) { id status event { id cursor type } }
      }`,
      { after: cancelledOther.id },
    );
    const [replayed] = await changes.waitFor(1);
    expect(replayed!.orderStatusChanged).toMatchObject({
      id: orderId,
      status: 'CANCELLED',
      event: { type: 'ORDER_STATUS_CHANGED' },
    });
    const [event] = (await api.get<Json>(`/v1/events/?order_id=${orderId}&type=order.status_changed`)).body
      .events;
    expect(replayed!.orderStatusChanged.event).toEqual({
      id: event.id,
      cursor: event.cursor,
      type: 'ORDER_STATUS_CHANGED',
    });

    const later = await newOrder();
    await cancelOrder(app.runtime.services.orm, later, 'expired');
    const [, liveChange] = await changes.waitFor(2);
    expect(liveChange!.orderStatusChanged).toMatchObject({ id: later, status: 'EXPIRED' });
  });

  it('lets go of a subscription as soon as its socket closes, with no event coming', async () => {
    const feed = app.runtime.app.eventFeed;
    const before = feed.subscribers;
    const sockets = [connect(), connect()];
    sockets.map((socket) => socket.subscribe(EVENTS));
    await eventually(() => feed.subscribers === before + 2, 5_000, 'subscribed');
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await eventually(() => feed.subscribers === before, 5_000, 'every subscription ended');
  });

  it('refuses an afterEvent that is not a cursor or an event of the project', async () => {
    const live = connect();
    const garbage = live.subscribe(EVENTS, { afterEvent: 'garbage' });
    const unknown = live.subscribe(EVENTS, { afterEvent: '00000000-0000-4000-8000-000000000000' });
    await eventually(() => garbage.errors.length > 0 && unknown.errors.length > 0);
    expect(JSON.stringify(garbage.errors)).toContain('afterEvent');
    expect(JSON.stringify(unknown.errors)).toContain('afterEvent');
  });

  it('reads each changed order once whatever the number of subscribers', async () => {
    const orderReads = async (subscribers: number): Promise<number> => {
      const sockets = Array.from({ length: subscribers }, () => connect());
      const feeds = sockets.map((socket) =>
        socket.subscribe('subscription { orderStatusChanged { id status transactions { id status } } }'),
      );
      await Promise.all(sockets.map((socket) => socket.connected));
      await subscriptionSettled();
      const ids = [await newOrder(), await newOrder(), await newOrder()];
      const statements = countStatements(/\bfrom\s+"?orders"?\b/i);
      // One change at a time, each delivered before the next: changes that reach the feed together are read in
      // one statement, which would make the count depend on timing rather than on the number of subscribers.
      for (const [index, id] of ids.entries()) {
        await cancelOrder(app.runtime.services.orm, id);
        await Promise.all(feeds.map((feed) => feed.waitFor(index + 1)));
      }
      const count = statements.stop();
      await Promise.all(sockets.map((socket) => socket.dispose()));
      return count;
    };
    const one = await orderReads(1);
    const many = await orderReads(25);
    // cancelOrder's own lock reads count alike in both runs; the subscriptions add one read (the order and its
    // related orders) per change at most, however many subscribers.
    expect(many).toBe(one);
    expect(one).toBeLessThanOrEqual(3 + 3 * 2);
  });
});

describe('a subscriber too slow to keep up', () => {
  let app: TestApp;
  let project: SeededProject;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false', SUBSCRIPTION_MAX_BEHIND: '5' });
    project = await seedProject(app);
  });
  afterAll(() => app.stop());

  /** Resuming after the last event received gets the rest of `orders`' changes, in order. */
  async function expectTheRestAfter(received: Json[], orders: string[]) {
    const client = liveClient(app.baseUrl, { apiKey: project.apiKey });
    const resumed = client.subscribe<{ orderStatusChanged: Json }>(
      'subscription S($after: String) { orderStatusChanged(afterEvent: $after) { id } }',
      { after: received.at(-1)!.event.cursor },
    );
    await resumed.waitFor(orders.length - received.length);
    expect(resumed.events.map((event) => event.orderStatusChanged.id)).toEqual(orders.slice(received.length));
    await client.dispose();
  }

  it('is disconnected with close code 4008, having received every event up to then without a gap', async () => {
    const api = restClient(app.baseUrl, project.apiKey);
    // Large payloads fill the socket buffers after a few dozen events.
    const extra = { blob: 'x'.repeat(15_000) };
    const orders: string[] = [];
    for (let i = 0; i < 120; i++) {
      orders.push((await api.post<Json>('/v1/orders/', buildOrder({ extra, client: extra }))).body.id);
    }
    const socket = new WebSocket(`${app.baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const received: Json[] = [];
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8'));
      if (message.type === 'connection_ack') {
        socket.send(
          JSON.stringify({
            id: '1',
            type: 'subscribe',
            payload: {
              query: `subscription { orderStatusChanged { id status extra client a: extra b: client event { cursor } } }`,
            },
          }),
        );
      }
      if (message.type === 'next') received.push(message.payload.data.orderStatusChanged);
    });
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { apiKey: project.apiKey } }));
    await subscriptionSettled();
    // Stop reading: the kernel buffers fill, then the server's queue for this subscriber (the close frame too
    // waits until the client reads again).
    socket.pause();
    for (const orderId of orders) await cancelOrder(app.runtime.services.orm, orderId);
    socket.resume();
    expect(await closed).toBe(4008);
    expect(received.length).toBeLessThan(orders.length);
    // What did arrive is exactly the first changes, in order: the server never skipped one.
    expect(received.map((order) => order.id)).toEqual(orders.slice(0, received.length));
    expect(received.length).toBeGreaterThan(0);

    await expectTheRestAfter(received, orders);
  }, 90_000);

  it('is given what it had waiting before 4008 when more changes than it may have waiting commit at once', async () => {
    const api = restClient(app.baseUrl, project.apiKey);
    const orders: string[] = [];
    for (let i = 0; i < 20; i++) orders.push((await api.post<Json>('/v1/orders/', buildOrder())).body.id);
    const client = liveClient(app.baseUrl, { apiKey: project.apiKey });
    const live = client.subscribe<{ orderStatusChanged: Json }>(
      'subscription { orderStatusChanged { id event { cursor } } }',
    );
    await subscriptionSettled();
    // One commit, 20 changes: the feed reads them in one go, four times what this subscriber may have waiting.
    await cancelOrders(app.runtime.services.orm, orders);
    expect(await client.closed).toBe(4008);
    const received = live.events.map((event) => event.orderStatusChanged);
    // A reader that never fell behind is given what it was owed before it is told, never a gap.
    expect(received.length).toBeGreaterThan(0);
    expect(received.map((order) => order.id)).toEqual(orders.slice(0, received.length));
    await client.dispose();
    await expectTheRestAfter(received, orders);
  });
});
