import { Db } from '../../platform/db/orm.ts';
import type { AppServices } from '../../services.ts';
import { attemptDelivery } from './commands/attempt-delivery.ts';
import { defineWebhookQueue, WEBHOOK_DELIVERY_QUEUE, type WebhookDeliveryJob } from './delivery-queue.ts';
import { OutboxRelay } from './outbox-relay.ts';
import { bindWebhookJobs } from './webhook-runtime.ts';

/** How many deliveries one process attempts at once (each waits on a remote server, not on us). */
const DELIVERY_CONCURRENCY = 8;

/** Every process that serves requests: redelivery enqueues jobs, so the queue must exist and be reachable. */
export async function bindWebhookRuntime(services: AppServices): Promise<void> {
  bindWebhookJobs(services.config, services.jobs);
  await defineWebhookQueue(services.jobs, services.config);
}

/** Where JOBS_ENABLED: the outbox relay and the delivery worker. */
export async function registerWebhookWorkers(services: AppServices): Promise<void> {
  const { jobs, config, now, orm } = services;
  const logger = services.logger.child({ component: 'webhooks' });
  await defineWebhookQueue(jobs, config);
  await jobs.work<WebhookDeliveryJob>(
    WEBHOOK_DELIVERY_QUEUE,
    (job) => attemptDelivery({ db: Db.fork(orm), jobs, config, now, logger }, job.data),
    { concurrency: DELIVERY_CONCURRENCY },
  );
  const relay = new OutboxRelay(services);
  relay.start();
  services.onShutdown(() => relay.stop());
}
