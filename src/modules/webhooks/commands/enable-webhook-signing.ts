import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { generateSigningSecret } from '../delivery/signature.ts';
import { WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';

/**
 * Turns on HMAC signatures for every later webhook of the project with a new secret, replacing any earlier
 * one (so this is also how a leaked secret is rotated). The secret is returned here only.
 */
export async function enableWebhookSigning(deps: Deps, projectId: string): Promise<{ secret: string }> {
  const secret = generateSigningSecret();
  return deps.db.transaction(async (uow) => {
    const updated = await new WebhookDeliveryRepository(uow).setSigningSecret(projectId, secret, deps.now());
    if (!updated) throw notFound('Project');
    return { secret };
  });
}
