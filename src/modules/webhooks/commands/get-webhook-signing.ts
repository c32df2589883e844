import type { Deps } from '../../../platform/deps.ts';
import { WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';

/** Whether the project signs its webhooks (never the secret itself). */
export function isWebhookSigningEnabled(deps: Deps, projectId: string): Promise<boolean> {
  return deps.db.read(
    async (uow) => (await new WebhookDeliveryRepository(uow).signingSecretOf(projectId)) !== null,
  );
}
