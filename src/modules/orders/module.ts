import type { GatewayModule } from '../../platform/module.ts';
import { defineLegacyExpiryQueue, runOrderExpiry } from './expiry-sweep.ts';
import { keptOrderResults } from './graphql/kept-order-results.ts';
import { orderNode, transactionNode } from './graphql/order-nodes.ts';
import { orderResolvers } from './graphql/order-resolvers.ts';
import { Order } from './order.entity.ts';
import { OutboxEvent } from './outbox.entity.ts';
import { orderRoutes } from './rest/order-routes.ts';
import { Transaction, TransactionEvent } from './transaction.entity.ts';

/**
 * Orders, their transactions and events, the state machine and the outbox every status change writes; order
 * creation with its payment-method registry (payment-methods.ts), and order expiry.
 */
export const ordersModule: GatewayModule = {
  name: 'orders',
  entities: [Order, Transaction, TransactionEvent, OutboxEvent],
  resolvers: orderResolvers,
  nodeTypes: [orderNode, transactionNode],
  graphqlPlugins: () => [keptOrderResults()],
  async start(deps) {
    await defineLegacyExpiryQueue(deps);
  },
  async routes(app) {
    await app.register(orderRoutes);
  },
  /** Expires orders that reached no final status in time (the expiry sweep). */
  async workers(host) {
    await runOrderExpiry(host);
  },
};
