import type { Deps } from '../../../platform/deps.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { addIsoDuration } from '../../orders/index.ts';
import { generateSigningSecret } from '../delivery/signature.ts';
import { signingNotEnabled } from '../errors.ts';
import { WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';

const DEFAULT_OVERLAP = 'PT24H';
const MAX_OVERLAP_MS = 7 * 86_400_000;

/**
 * Rotates the project's signing secret: a new secret signs from now on, and the current one keeps signing too
 * until the overlap ends, so receivers can switch without a single webhook failing verification. The new
 * secret is returned here only.
 */
export async function rotateWebhookSigningSecret(
  deps: Pick<Deps, 'db' | 'now'>,
  projectId: string,
  overlap: string | null | undefined,
): Promise<{ secret: string; previousSecretExpires: Date }> {
  const now = deps.now();
  const until = addIsoDuration(now, overlap ?? DEFAULT_OVERLAP);
  if (!until || until.getTime() - now.getTime() > MAX_OVERLAP_MS) {
    throw invalid('overlap', 'must be a positive ISO 8601 duration of at most P7D, e.g. PT24H');
  }
  const secret = generateSigningSecret();
  return deps.db.transaction(async (uow) => {
    const rotated = await new WebhookDeliveryRepository(uow).rotateSigningSecret(
      projectId,
      secret,
      until,
      now,
    );
    if (!rotated) throw signingNotEnabled();
    return { secret, previousSecretExpires: until };
  });
}
