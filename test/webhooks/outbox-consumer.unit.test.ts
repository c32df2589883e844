import { Order } from '../../src/modules/orders/order.entity.ts';
import { OutboxEvent } from '../../src/modules/orders/outbox.entity.ts';
import { OutboxConsumers } from '../../src/modules/orders/outbox-consumers.ts';
import { statusChangeDeliveries } from '../../src/modules/webhooks/status-change-deliveries.repository.ts';

/**
 * Which outbox rows of an order write become webhook deliveries is the webhooks module's rule, plugged into the
 * write as an outbox consumer: orders only ask it.
 */
const at = new Date('2026-01-01T00:00:00Z');

function row(type: string, orderId = 'o1'): OutboxEvent {
  return Object.assign(Object.create(OutboxEvent.prototype) as OutboxEvent, {
    eventId: `e-${type}`,
    type,
    projectId: 'p1',
    orderId,
    createdAt: at,
    relayedAt: null,
  });
}

function order(webhookUrl: string | null): Map<string, Order> {
  const held = Object.assign(Object.create(Order.prototype) as Order, { id: 'o1', webhookUrl });
  return new Map([['o1', held]]);
}

const consumers = new OutboxConsumers([statusChangeDeliveries(3)]);

describe('the webhooks outbox consumer', () => {
  it('lets a write that relays itself queue the deliveries of its status changes in its own statement', () => {
    const rows = [row('order.status_changed'), row('transaction.status_changed')];
    const plan = consumers.plan(rows, order(null), true);
    expect(rows.map((r) => r.relayedAt)).toEqual([at, at]);
    expect(plan.parts).toHaveLength(1);
    expect(plan.parts[0]!.values).toEqual([['e-order.status_changed'], [null], 3]);
    expect(plan.leavesUnrelayed).toBe(false);
  });

  it('leaves a status change whose order is not in hand to the relay', () => {
    const rows = [row('order.status_changed', 'elsewhere')];
    const plan = consumers.plan(rows, order(null), true);
    expect(rows[0]!.relayedAt).toBeNull();
    expect(plan.parts).toEqual([]);
    expect(plan.leavesUnrelayed).toBe(true);
  });

  it("asks the database about the project's URL when the order has none, and relays what no webhook needs", () => {
    const rows = [row('order.status_changed'), row('refund.created')];
    const plan = consumers.plan(rows, order(null), false);
    expect(rows.map((r) => r.relayedAt)).toEqual([at, at]);
    expect(plan.relayWhen).toHaveLength(1);
    expect(plan.relayWhen[0]).toContain('webhook_url is not null');
  });

  it('leaves a status change of an order with a webhook URL to the relay when the write does not relay itself', () => {
    const rows = [row('order.status_changed')];
    consumers.plan(rows, order('https://merchant.example/hook'), false);
    expect(rows[0]!.relayedAt).toBeNull();
  });
});
