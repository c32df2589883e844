import type { GatewayModule } from '../../platform/module.ts';
import { runCompleter } from '../../platform/operations/completer.ts';
import { completeAbandonedRefunds } from './commands/complete-refunds.ts';
import type { BackOfficeDeps } from './deps.ts';
import { orderActionResolvers } from './graphql/order-action-resolvers.ts';
import { refundEntity, refundResolvers } from './graphql/refund-resolvers.ts';
import { disputeRoutes } from './rest/dispute-routes.ts';
import { refundRoutes } from './rest/refund-routes.ts';

/** Back-office operations on existing orders: refunds and their list, chargebacks and reversals. */
export const backOfficeModule: GatewayModule<BackOfficeDeps> = {
  name: 'back-office',
  resolvers: {
    ...refundResolvers,
    Order: { ...refundResolvers.Order, ...orderActionResolvers.Order },
    Transaction: orderActionResolvers.Transaction,
  },
  entityTypes: [refundEntity],
  async routes(app) {
    await app.register(refundRoutes);
    await app.register(disputeRoutes);
  },
  // The completer: refunds a dead request or a silent acquirer left mid-way are finished within a minute.
  async workers(host) {
    const { operations } = host.deps.config;
    runCompleter(host, 'refunds', () =>
      completeAbandonedRefunds(host.deps, {
        graceMs: operations.completerGraceMs,
        giveUpMs: operations.completerGiveUpMs,
      }),
    );
  },
};
