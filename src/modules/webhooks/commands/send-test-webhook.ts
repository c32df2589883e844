import { randomUUID } from 'node:crypto';
import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { refuseWebhookUrl, targetPolicyFor } from '../../../platform/security/outbound-targets.ts';
import { isHttpUrl } from '../../../platform/validation/http-url.ts';
import { type AttemptResult, postWebhook } from '../delivery/http-post.ts';
import { SIGNATURE_HEADER } from '../delivery/signature.ts';
import { attemptTimeoutMs } from '../retry-policy.ts';
import { WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';
import { requestHeaders } from './attempt-delivery.ts';

export interface TestWebhookResult extends AttemptResult {
  url: string;
  startedAt: Date;
  signed: boolean;
}

/**
 * Posts a test notification to `url` now, as a first attempt would be sent (same headers, signed when signing
 * is on, same rules for the address before and after DNS, the first-attempt timeout), and answers with what
 * happened. Nothing is stored and the project's webhook health is not touched.
 */
export async function sendTestWebhook(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  actor: Actor,
  url: string,
): Promise<TestWebhookResult> {
  const policy = targetPolicyFor(actor.mode, deps.config);
  if (url.length > 2048 || !isHttpUrl(url)) throw invalid('url', 'must be an absolute http(s) URL');
  const refused = refuseWebhookUrl(url, policy);
  if (refused) throw invalid('url', refused);
  const secrets = await deps.db.read((uow) =>
    new WebhookDeliveryRepository(uow).signingSecretsOf(actor.projectId),
  );
  const body = JSON.stringify({ event: 'test', order_id: null, project_id: actor.projectId });
  const startedAt = deps.now();
  const headers = requestHeaders({ id: randomUUID(), signingSecrets: secrets }, startedAt, body);
  const result = await postWebhook({
    url,
    body,
    headers,
    timeoutMs: attemptTimeoutMs(1, deps.config.webhooks),
    policy,
  });
  return { ...result, url, startedAt, signed: SIGNATURE_HEADER in headers };
}
