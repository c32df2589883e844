import type { Deps } from '../../platform/deps.ts';
import type { GatewayModule } from '../../platform/module.ts';
import { attemptDelivery } from './commands/attempt-delivery.ts';
import { defineWebhookQueue, WEBHOOK_DELIVERY_QUEUE, type WebhookDeliveryJob } from './delivery-queue.ts';
import { webhookResolvers } from './graphql/webhook-resolvers.ts';
import { OutboxRelay } from './outbox-relay.ts';
import { WebhookDelivery, WebhookDeliveryAttempt } from './webhook-delivery.entity.ts';

/** How many deliveries one process attempts at once (each waits on a remote server, not on us). */
const DELIVERY_CONCURRENCY = 8;

/** Status webhooks: the outbox relay, delivery attempts with retries, signing, the delivery log. */
export const webhooksModule: GatewayModule<Deps> = {
  name: 'webhooks',
  entities: [WebhookDelivery, WebhookDeliveryAttempt],
  resolvers: webhookResolvers,

  /** Every process: a redelivery enqueues jobs, so the queue must exist wherever requests are served. */
  async start(deps) {
    await defineWebhookQueue(deps.jobs, deps.config);
  },

  /** The outbox relay and the delivery worker. */
  async workers({ deps, notifications, onShutdown }) {
    const webhookDeps = { ...deps, logger: deps.logger.child({ component: 'webhooks' }) };
    await deps.jobs.work<WebhookDeliveryJob>(
      WEBHOOK_DELIVERY_QUEUE,
      (job) => attemptDelivery(webhookDeps, job.data),
      { concurrency: DELIVERY_CONCURRENCY },
    );
    const relay = new OutboxRelay(deps, notifications);
    relay.start();
    onShutdown(() => relay.stop());
  },
};
