import type { Deps } from '../../platform/deps.ts';
import type { GatewayModule } from '../../platform/module.ts';
import { DeliveryDispatcher } from './delivery-dispatcher.ts';
import { deliveryNode } from './graphql/delivery-nodes.ts';
import { webhookResolvers } from './graphql/webhook-resolvers.ts';
import { OutboxRelay } from './outbox-relay.ts';
import { WebhookDelivery, WebhookDeliveryAttempt } from './webhook-delivery.entity.ts';

/** One connection for the relay, one for the dispatcher: each runs one statement at a time. */
const WORKER_CONNECTIONS = 2;

/** Status webhooks: the outbox relay, the delivery workers with retries, signing, the delivery log. */
export const webhooksModule: GatewayModule<Deps> = {
  name: 'webhooks',
  entities: [WebhookDelivery, WebhookDeliveryAttempt],
  resolvers: webhookResolvers,
  nodeTypes: [deliveryNode],

  /**
   * The outbox relay and the delivery workers, on two connections of their own: a delivery cycle never waits
   * for a connection behind the requests of a busy server.
   */
  async workers({ deps, notifications, onShutdown }) {
    const db = deps.db.dedicated(WORKER_CONNECTIONS);
    const dispatcher = new DeliveryDispatcher({ ...deps, db }, notifications);
    const relay = new OutboxRelay({ ...deps, db }, notifications);
    dispatcher.start();
    relay.start();
    onShutdown(async () => {
      await relay.stop();
      await dispatcher.stop();
      await db.close();
    });
  },
};
