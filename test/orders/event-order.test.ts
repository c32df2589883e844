import { OrderChanges, OrderWriteRepository } from '../../src/modules/orders/order-writes.repository.ts';
import { changeTransactionStatus } from '../../src/modules/orders/status-changes.ts';
import { buildOwnCheckoutOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('transaction events', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it('keeps the order events happened in, even when they share a timestamp', async () => {
    const project = await seedProject(app);
    const api = restClient(app.baseUrl, project.apiKey);
    const { body: created } = await api.post<Record<string, any>>('/v1/orders/', buildOwnCheckoutOrder());
    const at = new Date();
    await app.runtime.deps.db.transaction(async (uow) => {
      const writes = new OrderWriteRepository(uow);
      const orders = new OrderChanges();
      const { order, transactions } = (await writes.lockOrderRows(project.projectId, created.id, orders))!;
      const ctx = { orders, at };
      // Each step happens in the same millisecond: only the sequence tells them apart.
      changeTransactionStatus(ctx, order, transactions, transactions[0]!, 'pending');
      changeTransactionStatus(ctx, order, transactions, transactions[0]!, 'processing');
      changeTransactionStatus(ctx, order, transactions, transactions[0]!, 'accepted');
      await writes.save(orders);
    });
    const { body: order } = await api.get<Record<string, any>>(`/v1/orders/${created.id}/`);
    expect(order.transactions[0].events.map((e: { event: string }) => e.event)).toEqual([
      'new',
      'pending',
      'processing',
      'accepted',
    ]);
    expect(order.status).toBe('completed');
  });
});
