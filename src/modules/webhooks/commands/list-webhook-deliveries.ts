import type { Deps } from '../../../platform/deps.ts';
import { type DeliveryWithAttempts, WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';

/**
 * The delivery log of several orders at once (one DataLoader batch), newest delivery first. The orders were
 * already loaded for the caller's project, so no further tenant check is needed here.
 */
export function listWebhookDeliveries(
  deps: Deps,
  orderIds: string[],
): Promise<Map<string, DeliveryWithAttempts[]>> {
  return deps.db.read((uow) => new WebhookDeliveryRepository(uow).deliveriesOf(orderIds));
}
