import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';

/** Stops signing the project's webhooks and forgets the secret. */
export async function disableWebhookSigning(deps: Deps, projectId: string): Promise<void> {
  await deps.db.transaction(async (uow) => {
    const updated = await new WebhookDeliveryRepository(uow).setSigningSecret(projectId, null, deps.now());
    if (!updated) throw notFound('Project');
  });
}
