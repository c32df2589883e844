import type { GatewayModule } from '../../platform/module.ts';
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
    const { deps } = host;
    const graceMs = deps.config.operations.completerGraceMs;
    let running = false;
    const round = async () => {
      if (running) return;
      running = true;
      try {
        await completeAbandonedRefunds(deps, { graceMs });
      } catch (error) {
        deps.logger.warn({ err: error }, 'completer round failed; trying again next round');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void round(), Math.max(100, Math.min(5000, graceMs / 2)));
    timer.unref();
    host.onShutdown(async () => clearInterval(timer));
  },
};
