import type { Deps } from '../../../platform/deps.ts';
import { targetPolicyFor } from '../../../platform/security/outbound-targets.ts';
import { type AttemptResult, postWebhook } from '../delivery/http-post.ts';
import { SIGNATURE_HEADER, standardWebhookHeaders } from '../delivery/signature.ts';
import type { ClaimedDelivery, RecordedAttempt } from '../delivery-queue.repository.ts';
import { attemptTimeoutMs, nextStepAfter } from '../retry-policy.ts';

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
 * Makes one attempt of a claimed delivery and says what follows (the retry policy's answer): delivered, failed
 * for good, or another attempt after the interval. The URL was looked up when the delivery was claimed (the
 * merchant may have fixed it since the last attempt); success is HTTP 200 only. Recording is the caller's
 * (record-attempts.ts, in batches). `signal` aborts the request (shutdown): the attempt then is not recorded
 * and the delivery is attempted again once its lease runs out.
 */
export async function attemptDelivery(
  deps: Pick<Deps, 'now' | 'config'>,
  delivery: ClaimedDelivery,
  signal?: AbortSignal,
): Promise<RecordedAttempt> {
  const { webhooks } = deps.config;
  const startedAt = deps.now();
  const body = webhookBody(delivery);
  const headers = requestHeaders(
    { id: delivery.eventId, signingSecrets: delivery.signingSecrets },
    startedAt,
    body,
  );
  const result = delivery.url
    ? await postWebhook({
        url: delivery.url,
        body,
        headers,
        timeoutMs: attemptTimeoutMs(delivery.attempt, webhooks),
        policy: targetPolicyFor(delivery.projectMode, deps.config),
        signal,
      })
    : NO_TARGET;
  const realNow = new Date();
  const next = nextStepAfter(
    {
      number: delivery.attempt,
      maxAttempts: delivery.maxAttempts,
      ok: result.ok,
      finishedAt: deps.now(),
      realNow,
    },
    webhooks,
  );
  return {
    deliveryId: delivery.id,
    attempt: delivery.attempt,
    startedAt,
    url: delivery.url,
    httpStatus: result.httpStatus,
    errorKind: result.errorKind,
    errorMessage: result.errorMessage?.slice(0, 500) ?? null,
    durationMs: result.durationMs,
    responseExcerpt: result.responseExcerpt,
    signed: SIGNATURE_HEADER in headers && Boolean(delivery.url),
    state: next.state,
    completedAt: next.completedAt,
    retryInSeconds: next.state === 'pending' ? (next.retryAt.getTime() - realNow.getTime()) / 1000 : null,
  };
}

/** JSON, our user agent, and the Standard Webhooks headers: the event id on every attempt, signed when on. */
export function requestHeaders(
  message: { id: string; signingSecrets: readonly string[] },
  startedAt: Date,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'payments-gateway-webhooks/1',
    ...standardWebhookHeaders({
      id: message.id,
      timestampSeconds: Math.floor(startedAt.getTime() / 1000),
      body,
      secrets: message.signingSecrets,
    }),
  };
}
