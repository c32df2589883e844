import type { GatewayModule } from '../../platform/module.ts';
import { addIsoDuration } from '../orders/duration.ts';
import { CardAuthorization } from './card-authorization.entity.ts';
import type { PaymentDeps } from './deps.ts';
import { paymentResolvers } from './graphql/payment-resolvers.ts';
import { paymentRoutes } from './rest/payment-routes.ts';
import { releaseAuthorizationIfDue, releaseOverdueAuthorizations } from './timers/authorization-release.ts';
import { expireOrderIfDue, expireOverdueOrders } from './timers/order-expiry.ts';
import {
  AUTHORIZATION_RELEASE_QUEUE,
  type AuthorizationReleaseJob,
  definePaymentQueues,
  ORDER_EXPIRY_QUEUE,
  type OrderExpiryJob,
  rearmTimer,
} from './timers/timer-queues.ts';

/**
 * Card payments: authenticate / captures / voids (REST and GraphQL), the timers of orders and
 * pre-authorizations. The customer's payment page is served by the hosted-pages module over these commands.
 */
export const paymentsModule: GatewayModule<PaymentDeps> = {
  name: 'payments',
  entities: [CardAuthorization],
  resolvers: paymentResolvers,

  async start(deps) {
    if (!addIsoDuration(new Date(), deps.config.authorizationCapturePeriod)) {
      throw new Error('AUTHORIZATION_CAPTURE_PERIOD must be a positive ISO 8601 duration such as P7D');
    }
    await definePaymentQueues(deps.jobs);
  },

  async routes(app) {
    await app.register(paymentRoutes);
  },

  /**
   * The timer workers, then a catch-up sweep: whatever fell due while no worker ran (or whose job was lost
   * between commit and send) is expired or released now. Every timer that fires sweeps as well.
   */
  async workers({ deps }) {
    const { jobs, logger } = deps;
    await jobs.work<OrderExpiryJob>(ORDER_EXPIRY_QUEUE, async ({ data }) => {
      const outcome = await expireOrderIfDue(deps, data.orderId);
      if (outcome.kind === 'not_due') {
        await rearmTimer(deps, ORDER_EXPIRY_QUEUE, data, outcome.expiresAt);
      }
      await expireOverdueOrders(deps);
    });
    await jobs.work<AuthorizationReleaseJob>(AUTHORIZATION_RELEASE_QUEUE, async ({ data }) => {
      const outcome = await releaseAuthorizationIfDue(deps, data.transactionId);
      if (outcome.kind === 'not_due') {
        await rearmTimer(deps, AUTHORIZATION_RELEASE_QUEUE, data, outcome.capturableUntil);
      }
      await releaseOverdueAuthorizations(deps);
    });

    try {
      const expired = await expireOverdueOrders(deps);
      const released = await releaseOverdueAuthorizations(deps);
      if (expired || released) logger.info({ expired, released }, 'caught up on overdue payment timers');
    } catch (error) {
      // The timers and the next start sweep again; a failing sweep must not keep the service down.
      logger.error({ err: error }, 'payment timer sweep failed');
    }
  },
};
