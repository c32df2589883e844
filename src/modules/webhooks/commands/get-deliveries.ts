import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { uuidsAmong } from '../../../platform/validation/uuid.ts';
import { DeliveryLogRepository } from '../delivery-log.repository.ts';
import type { DeliveryWithAttempts } from '../webhook-delivery.repository.ts';

/**
 * The caller's project's deliveries among `deliveryIds`, each with its attempts, in no particular order;
 * unknown ids, malformed ones and other projects' deliveries are left out. One prepared statement.
 */
export function getDeliveries(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  deliveryIds: readonly string[],
): Promise<DeliveryWithAttempts[]> {
  const ids = uuidsAmong(deliveryIds);
  if (ids.length === 0) return Promise.resolve([]);
  return deps.db.read((uow) => new DeliveryLogRepository(uow).findInProject(actor.projectId, ids));
}
