import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { DeliveryLogRepository } from '../delivery-log.repository.ts';
import { WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';
import { checkDeliveryFilter, type DeliveryFilterInput } from './list-project-deliveries.ts';

/** At most this many deliveries are sent again per call. */
export const MAX_REDELIVERIES = 1000;

/**
 * Sends a whole selection of the project's deliveries again (the newest 1,000 at most), each as a new delivery
 * of the same event with its own attempts; an event that already has a delivery pending is skipped. A repeat
 * with the same Idempotency-Key is answered from the first call by the platform and queues nothing.
 */
export async function redeliverWebhooks(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  actor: Actor,
  filter: DeliveryFilterInput,
): Promise<{ selected: number; queued: number }> {
  checkDeliveryFilter(filter);
  return deps.db.transaction(async (uow) => {
    // One redelivery at a time per project (webhook-delivery.repository.ts `lockRedeliveriesOf`).
    await new WebhookDeliveryRepository(uow).lockRedeliveriesOf(actor.projectId);
    return new DeliveryLogRepository(uow).redeliver(
      { projectId: actor.projectId, ...filter },
      MAX_REDELIVERIES,
      deps.config.webhooks.maxAttempts,
      deps.now(),
    );
  });
}
