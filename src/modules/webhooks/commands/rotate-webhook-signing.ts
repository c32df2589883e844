import type { Deps } from '../../../platform/deps.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { operationOf } from '../../../platform/operations/idempotent-operation.ts';
import { addIsoDuration } from '../../orders/index.ts';
import { generateSigningSecret } from '../delivery/signature.ts';
import { signingNotEnabled } from '../errors.ts';
import { WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';

const DEFAULT_OVERLAP = 'PT24H';
const MAX_OVERLAP_MS = 7 * 86_400_000;
/** The recovery point of a rotation under an Idempotency-Key: the new secret committed. */
const SIGNING_ROTATED = 'signing_rotated';

/**
 * Rotates the project's signing secret: a new secret signs from now on, and the current one keeps signing too
 * until the overlap ends, so receivers can switch without a single webhook failing verification. The new
 * secret is returned here only.
 *
 * Under an Idempotency-Key it is a one-phase operation (platform/operations/idempotent-operation.ts). A rotation
 * done twice is not harmless: the second would make the first's secret, which nobody ever saw, the one that
 * keeps signing, and cut off at once the secret the merchant's receivers verify with. So the rotation's
 * transaction records the recovery point, and a retry after an answer lost to a dead process answers the
 * secret that signs now instead of rotating again.
 */
export async function rotateWebhookSigningSecret(
  deps: Pick<Deps, 'db' | 'now' | 'operation'>,
  projectId: string,
  overlap: string | null | undefined,
): Promise<{ secret: string; previousSecretExpires: Date }> {
  const now = deps.now();
  const until = addIsoDuration(now, overlap ?? DEFAULT_OVERLAP);
  if (!until || until.getTime() - now.getTime() > MAX_OVERLAP_MS) {
    throw invalid('overlap', 'must be a positive ISO 8601 duration of at most P7D, e.g. PT24H');
  }
  const operation = operationOf(deps);
  if (operation.recovered?.point === SIGNING_ROTATED) {
    const [secret] = await deps.db.read((uow) =>
      new WebhookDeliveryRepository(uow).signingSecretsOf(projectId),
    );
    if (secret) return { secret, previousSecretExpires: new Date(String(operation.recovered.data.until)) };
  }
  const secret = generateSigningSecret();
  const rotated = await deps.db.transaction(async (uow) => {
    const done = await new WebhookDeliveryRepository(uow).rotateSigningSecret(projectId, secret, until, now);
    if (!done) throw signingNotEnabled();
    await operation.record(uow, SIGNING_ROTATED, { until: until.toISOString() });
    return { secret, previousSecretExpires: until };
  });
  await crashPoint('webhook-signing.after-commit');
  return rotated;
}
