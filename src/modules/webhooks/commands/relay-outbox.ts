import type { Deps } from '../../../platform/deps.ts';
import { DeliveryQueueRepository } from '../delivery-queue.repository.ts';

/**
 * Relays one batch of the outbox in one statement: claims unrelayed rows (SKIP LOCKED, so several processes
 * share the work and never take the same row), queues a delivery for every order status change that has a
 * webhook URL, and marks every claimed row relayed. If anything fails, nothing of the batch happened and the
 * rows are claimed again later.
 *
 * Returns how many rows were claimed; fewer than `limit` means the outbox is drained.
 */
export async function relayOutboxBatch(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  limit: number,
): Promise<number> {
  return deps.db.transaction(async (uow) => {
    const { claimed } = await new DeliveryQueueRepository(uow).relayBatch(
      limit,
      deps.config.webhooks.maxAttempts,
      deps.now(),
    );
    return claimed;
  });
}
