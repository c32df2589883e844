import type { Deps } from '../../../platform/deps.ts';
import { DeliveryLogRepository, type WebhookHealthRow } from '../delivery-log.repository.ts';

/** How the project's endpoint has been answering its status-change deliveries. */
export function getWebhookHealth(deps: Pick<Deps, 'db'>, projectId: string): Promise<WebhookHealthRow> {
  return deps.db.read((uow) => new DeliveryLogRepository(uow).health(projectId));
}
