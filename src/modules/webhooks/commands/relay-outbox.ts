import type { Deps } from '../../../platform/deps.ts';
import { enqueueAttempt, newDelivery } from '../delivery-queue.ts';
import { WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';

/**
 * Relays one batch of the outbox, in one database transaction: claims unrelayed rows (SKIP LOCKED, so
 * several processes share the work and never take the same row), creates a delivery and enqueues its first
 * attempt for every order status change that has a webhook URL, and marks every claimed row relayed. If
 * anything fails, nothing of the batch happened and the rows are claimed again later.
 *
 * Returns how many rows were claimed; fewer than `limit` means the outbox is drained.
 */
export async function relayOutboxBatch(deps: Deps, limit: number): Promise<number> {
  return deps.db.transaction(async (uow) => {
    const deliveries = new WebhookDeliveryRepository(uow);
    const rows = await deliveries.claimUnrelayed(limit);
    if (rows.length === 0) return 0;
    const at = deps.now();
    const statusChanges = rows.filter((row) => row.type === 'order.status_changed');
    const urls = await deliveries.webhookUrlsOf([...new Set(statusChanges.map((row) => row.orderId))]);
    for (const row of statusChanges) {
      // No URL on the order nor on the project: the spec sends nothing.
      if (!urls.get(row.orderId)) continue;
      const delivery = newDelivery({
        projectId: row.projectId,
        orderId: row.orderId,
        outboxEventId: row.id,
        reason: 'status_changed',
        orderStatus: String(row.data.status),
        maxAttempts: deps.config.webhooks.maxAttempts,
        at,
      });
      deliveries.add(delivery);
      await enqueueAttempt(deps.jobs, uow, { deliveryId: delivery.id, attempt: 1 });
    }
    for (const row of rows) row.relayedAt = at;
    return rows.length;
  });
}
