import type { GatewayModule } from '../../platform/module.ts';
import { orderResolvers } from './graphql/order-resolvers.ts';
import { Order } from './order.entity.ts';
import { OutboxEvent } from './outbox.entity.ts';
import { orderRoutes } from './rest/order-routes.ts';
import { Transaction, TransactionEvent } from './transaction.entity.ts';

/** Orders, their transactions and events, the state machine and the outbox every status change writes. */
export const ordersModule: GatewayModule = {
  name: 'orders',
  entities: [Order, Transaction, TransactionEvent, OutboxEvent],
  resolvers: orderResolvers,
  async routes(app) {
    await app.register(orderRoutes);
  },
};
