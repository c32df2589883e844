import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { OrderRepository } from '../../orders/index.ts';
import { noNotification, noWebhookUrl, redeliveryPending } from '../errors.ts';
import { WebhookDelivery } from '../webhook-delivery.entity.ts';
import { type DeliveryWithAttempts, WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';

/**
 * Sends an order's latest status notification again, as a new delivery with its own attempts and retries
 * (beyond the spec: for a receiver that was down past the last retry). One redelivery per order at a time.
 */
export async function redeliverWebhook(
  deps: Deps,
  actor: Actor,
  orderId: string,
): Promise<DeliveryWithAttempts> {
  return deps.db.transaction(async (uow) => {
    const order = await new OrderRepository(uow).findOrder(actor.projectId, orderId);
    if (!order) throw notFound('Order', 'orderId');
    const deliveries = new WebhookDeliveryRepository(uow);
    await deliveries.lockRedeliveriesOf(order.projectId);
    const latest = await deliveries.latestStatusChange(order.id);
    if (!latest) {
      throw noNotification();
    }
    const target = await deliveries.targetOf(order.id);
    if (!target?.url) {
      throw noWebhookUrl();
    }
    if (await deliveries.findPendingRedelivery(order.id)) {
      throw redeliveryPending();
    }
    const delivery = WebhookDelivery.create({
      projectId: order.projectId,
      orderId: order.id,
      outboxEventId: latest.id,
      eventId: latest.eventId,
      reason: 'redelivery',
      orderStatus: order.status,
      maxAttempts: deps.config.webhooks.maxAttempts,
      at: deps.now(),
    });
    deliveries.add(delivery);
    return { delivery, attempts: [] };
  });
}
