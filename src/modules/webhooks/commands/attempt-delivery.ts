import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../config/index.ts';
import type { Db } from '../../../platform/db/orm.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { type AttemptResult, postWebhook, type WebhookRequest } from '../delivery/http-post.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../delivery/signature.ts';
import { enqueueAttempt, type WebhookDeliveryJob } from '../delivery-queue.ts';
import { WebhookDeliveryAttempt } from '../webhook-delivery.entity.ts';
import { WebhookDeliveryRepository } from '../webhook-delivery.repository.ts';
import { webhookPolicy } from '../webhook-policy.ts';

export interface AttemptContext {
  db: Db;
  jobs: JobQueue;
  config: AppConfig;
  now: () => Date;
  logger: Logger;
  /** The HTTP client; tests of this command may replace it. */
  post?: (request: WebhookRequest) => Promise<AttemptResult>;
}

/** The body of spec part 6, exactly: no status, by design (the receiver retrieves the order). */
export function webhookBody(delivery: { orderId: string; projectId: string }): string {
  return JSON.stringify({
    event: 'status_changed',
    order_id: delivery.orderId,
    project_id: delivery.projectId,
  });
}

/**
 * Makes one delivery attempt and records it. The URL is looked up now (the merchant may have fixed it since
 * the last attempt); success is HTTP 200 only. A failure schedules the next attempt after the retry interval
 * in the same transaction that records it, until the attempt limit; then the delivery is `failed`.
 *
 * Runs at least once per job: a job whose attempt is already recorded (run again after a crash) does nothing.
 */
export async function attemptDelivery(ctx: AttemptContext, job: WebhookDeliveryJob): Promise<void> {
  const loaded = await ctx.db.read(async (em) => {
    const deliveries = new WebhookDeliveryRepository(em);
    const delivery = await deliveries.findDelivery(job.deliveryId);
    if (!delivery) return null;
    return { delivery, target: await deliveries.targetOf(delivery.orderId) };
  });
  if (!loaded) return;
  const { delivery, target } = loaded;
  if (delivery.state !== 'pending' || delivery.attemptCount >= job.attempt) return;

  const number = delivery.attemptCount + 1;
  const { webhooks } = ctx.config;
  const startedAt = ctx.now();
  const body = webhookBody(delivery);
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
  const result: AttemptResult = target?.url
    ? await (ctx.post ?? postWebhook)({
        url: target.url,
        body,
        headers,
        timeoutMs: number === 1 ? webhooks.firstTimeoutMs : webhooks.retryTimeoutMs,
        policy: webhookPolicy(target.projectMode, { webhooks }),
      })
    : {
        ok: false,
        httpStatus: null,
        errorKind: 'no_target',
        errorMessage: 'neither the order nor the project has a webhook URL',
        durationMs: 0,
        responseExcerpt: null,
      };

  await ctx.db.transaction(async (em) => {
    const deliveries = new WebhookDeliveryRepository(em);
    const locked = await deliveries.lockDelivery(delivery.id);
    // Another run recorded this attempt meanwhile (a job retried while the first run was still going).
    if (locked?.state !== 'pending' || locked.attemptCount !== number - 1) return;
    const finishedAt = ctx.now();
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
    if (result.ok || number >= locked.maxAttempts) {
      locked.state = result.ok ? 'delivered' : 'failed';
      locked.completedAt = finishedAt;
      locked.nextAttemptAt = null;
      return;
    }
    locked.nextAttemptAt = new Date(finishedAt.getTime() + webhooks.retryIntervalSeconds * 1000);
    // The queue runs on the database clock, so the delay is measured from the real time, not the app clock.
    const startAfter = new Date(Date.now() + webhooks.retryIntervalSeconds * 1000);
    await enqueueAttempt(ctx.jobs, em, { deliveryId: locked.id, attempt: number + 1 }, startAfter);
  });

  ctx.logger.info(
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
