import type { GatewayModule } from '../../platform/module.ts';
import { subscriptionResolvers } from './graphql/subscription-resolvers.ts';

/** Live GraphQL subscriptions (graphql-ws) over the outbox feed; the composition root mounts the socket. */
export const subscriptionsModule: GatewayModule = {
  name: 'subscriptions',
  resolvers: subscriptionResolvers,
};
