import { randomUUID } from 'node:crypto';
import type { Deps } from '../../../platform/deps.ts';
import { targetPolicyFor } from '../../../platform/security/outbound-targets.ts';
import { type AttemptResult, postWebhook } from '../delivery/http-post.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../delivery/signature.ts';
import { enqueueAttempt, type WebhookDeliveryJob } from '../delivery-queue.ts';
import { attemptTimeoutMs, nextStepAfter } from '../retry-policy.ts';
import { WebhookDeliveryAttempt } from '../webhook-delivery.entity.ts';
import { type DeliveryTarget, WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';

/** The body of spec part 6, exactly: no status, by design (the receiver retrieves the order). */
export function webhookBody(delivery: { orderId: string; projectId: string }): string {
  return JSON.stringify({
    event: 'status_changed',
    order_id: delivery.orderId,
    project_id: delivery.projectId,
  });
}

const NO_TARGET: AttemptResult = {
  ok: false,
  httpStatus: null,
  errorKind: 'no_target',
  errorMessage: 'neither the order nor the project has a webhook URL',
  durationMs: 0,
  responseExcerpt: null,
};

/**
 * Makes one delivery attempt and records it. The URL is looked up now (the merchant may have fixed it since
 * the last attempt); success is HTTP 200 only. What follows (delivered, failed for good, or a retry queued in
 * the same transaction that records the attempt) is the retry policy's answer.
 *
 * Runs at least once per job: a job whose attempt is already recorded (run again after a crash) does nothing.
 */
export async function attemptDelivery(deps: Deps, job: WebhookDeliveryJob): Promise<void> {
  const loaded = await deps.db.read(async (uow) => {
    const deliveries = new WebhookDeliveryRepository(uow);
    const delivery = await deliveries.findDelivery(job.deliveryId);
    if (!delivery) return null;
    return { delivery, target: await deliveries.targetOf(delivery.orderId) };
  });
  if (!loaded) return;
  const { delivery, target } = loaded;
  if (delivery.state !== 'pending' || delivery.attemptCount >= job.attempt) return;

  const number = delivery.attemptCount + 1;
  const { webhooks } = deps.config;
  const startedAt = deps.now();
  const body = webhookBody(delivery);
  const headers = requestHeaders(target, startedAt, body);
  const result = target?.url
    ? await postWebhook({
        url: target.url,
        body,
        headers,
        timeoutMs: attemptTimeoutMs(number, webhooks),
        policy: targetPolicyFor(target.projectMode, deps.config),
      })
    : NO_TARGET;

  await deps.db.transaction(async (uow) => {
    const deliveries = new WebhookDeliveryRepository(uow);
    const locked = await deliveries.lockDelivery(delivery.id);
    // Another run recorded this attempt meanwhile (a job retried while the first run was still going).
    if (locked?.state !== 'pending' || locked.attemptCount !== number - 1) return;
    const next = nextStepAfter(
      { number, maxAttempts: locked.maxAttempts, ok: result.ok, finishedAt: deps.now(), realNow: new Date() },
      webhooks,
    );
    deliveries.add(
      Object.assign(new WebhookDeliveryAttempt(), {
        id: randomUUID(),
        deliveryId: locked.id,
        attemptNumber: number,
        startedAt,
        url: target?.url ?? null,
        httpStatus: result.httpStatus,
        errorKind: result.errorKind,
        errorMessage: result.errorMessage?.slice(0, 500) ?? null,
        durationMs: result.durationMs,
        responseExcerpt: result.responseExcerpt,
        signed: SIGNATURE_HEADER in headers && Boolean(target?.url),
      }),
    );
    locked.attemptCount = number;
    locked.lastAttemptAt = startedAt;
    locked.state = next.state;
    locked.nextAttemptAt = next.nextAttemptAt;
    if (next.state !== 'pending') locked.completedAt = next.completedAt;
    else await enqueueAttempt(deps.jobs, uow, { deliveryId: locked.id, attempt: number + 1 }, next.retryAt);
  });

  deps.logger.info(
    {
      deliveryId: delivery.id,
      orderId: delivery.orderId,
      attempt: number,
      httpStatus: result.httpStatus,
      errorKind: result.errorKind,
      durationMs: result.durationMs,
    },
    result.ok ? 'webhook delivered' : 'webhook attempt failed',
  );
}

function requestHeaders(
  target: DeliveryTarget | null,
  startedAt: Date,
  body: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'payments-gateway-webhooks/1',
  };
  if (target?.signingSecret) {
    headers[SIGNATURE_HEADER] = signatureHeader(
      target.signingSecret,
      Math.floor(startedAt.getTime() / 1000),
      body,
    );
  }
  return headers;
}
