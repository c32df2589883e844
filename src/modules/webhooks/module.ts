import type { Deps } from '../../platform/deps.ts';
import type { GatewayModule } from '../../platform/module.ts';
import { DeliveryDispatcher } from './delivery-dispatcher.ts';
import { webhookResolvers } from './graphql/webhook-resolvers.ts';
import { OutboxRelay } from './outbox-relay.ts';
import { WebhookDelivery, WebhookDeliveryAttempt } from './webhook-delivery.entity.ts';

/** Status webhooks: the outbox relay, the delivery workers with retries, signing, the delivery log. */
export const webhooksModule: GatewayModule<Deps> = {
  name: 'webhooks',
  entities: [WebhookDelivery, WebhookDeliveryAttempt],
  resolvers: webhookResolvers,

  /** The outbox relay and the delivery workers. */
  async workers({ deps, notifications, onShutdown }) {
    const dispatcher = new DeliveryDispatcher(deps, notifications);
    const relay = new OutboxRelay(deps, notifications);
    dispatcher.start();
    relay.start();
    onShutdown(async () => {
      await relay.stop();
      await dispatcher.stop();
    });
  },
};
