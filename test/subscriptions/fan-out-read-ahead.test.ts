import { OrderChanges, OrderWriteRepository } from '../../src/modules/orders/order-writes.repository.ts';
import { closeOrder } from '../../src/modules/orders/status-changes.ts';
import { Db } from '../../src/platform/db/db.ts';
import { buildOrder } from '../factories/order.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type LiveClient, liveClient, subscriptionSettled } from '../helpers/graphql-ws.ts';
import { restClient } from '../helpers/http.ts';
import { countStatements } from '../helpers/statement-log.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

const ORDER_CHANGED = 'subscription { orderStatusChanged { id status transactions { id status } } }';

describe('changes published together reach subscribers together', () => {
  let app: TestApp;
  let project: SeededProject;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await app.stop();
  });

  /** Cancels the orders in ONE database transaction: their events are committed, and published, together. */
  const cancelTogether = (orderIds: string[]) =>
    new Db(app.runtime.services.orm).transaction(async (uow) => {
      const writes = new OrderWriteRepository(uow);
      const orders = new OrderChanges();
      for (const orderId of orderIds) {
        const { order, transactions } = (await writes.lockOrderRows(null, orderId, orders))!;
        closeOrder({ orders, at: new Date() }, order, transactions, 'cancelled');
      }
      await writes.save(orders);
    });

  /** Order reads the subscriptions make for changes committed together, and what each subscriber got. */
  const fanOut = async (changes: number) => {
    const api = restClient(app.baseUrl, project.apiKey);
    const ids: string[] = [];
    for (let i = 0; i < changes; i++) ids.push((await api.post<Json>('/v1/orders/', buildOrder())).body.id);
    const sockets = [
      liveClient(app.baseUrl, { apiKey: project.apiKey }),
      liveClient(app.baseUrl, { apiKey: project.apiKey }),
    ];
    clients.push(...sockets);
    const feeds = sockets.flatMap((socket) => [
      socket.subscribe<Json>(ORDER_CHANGED),
      socket.subscribe<Json>(ORDER_CHANGED),
    ]);
    await Promise.all(sockets.map((socket) => socket.connected));
    await subscriptionSettled();
    await cancelTogether(ids);
    // Counted from the commit on: the locks above are the test's own reads, not the subscriptions'.
    const reads = countStatements(/\bfrom\s+"?orders"?\b/i);
    await Promise.all(feeds.map((feed) => feed.waitFor(changes)));
    const count = reads.stop();
    const received = feeds.map((feed) => feed.events.map((event) => event.orderStatusChanged.id));
    await Promise.all(sockets.map((socket) => socket.dispose()));
    return { ids, count, received };
  };

  it('reads their orders in one go, not one read after another as each subscriber reaches the next change', async () => {
    const one = await fanOut(1);
    const four = await fanOut(4);
    expect(one.count).toBeGreaterThan(0);
    // Four changes of one commit cost what one change costs: the orders are read together, once for everyone.
    expect(four.count).toBe(one.count);
    // Every subscriber still gets every change, in commit order, with the order as it is now.
    for (const received of four.received) expect(received).toEqual(four.ids);
    expect(one.received).toEqual([one.ids, one.ids, one.ids, one.ids]);
  });
});
