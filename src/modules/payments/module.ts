import type { GatewayModule } from '../../platform/module.ts';
import { runCompleter } from '../../platform/operations/completer.ts';
import { addIsoDuration } from '../orders/index.ts';
import { authorizationReleaseTimer, runAuthorizationRelease } from './authorization-release-timer.ts';
import { CardAuthorization } from './card-authorization.entity.ts';
import { runChallengeTimeout } from './challenge-timeout-sweep.ts';
import { completeAbandonedCardAttempts } from './commands/complete-card-attempts.ts';
import type { PaymentDeps } from './deps.ts';
import { paymentResolvers } from './graphql/payment-resolvers.ts';
import { paymentRoutes } from './rest/payment-routes.ts';

/**
 * Card payments: authenticate / captures / voids (REST and GraphQL) and the release of pre-authorizations nobody
 * captured. The card payment method (card-payment-method.ts) is registered by the composition root; the
 * customer's payment page is served by the hosted-pages module over this module's commands.
 */
export const paymentsModule: GatewayModule<PaymentDeps> = {
  name: 'payments',
  entities: [CardAuthorization],
  resolvers: paymentResolvers,

  async start(deps) {
    if (!addIsoDuration(new Date(), deps.config.authorizationCapturePeriod)) {
      throw new Error('AUTHORIZATION_CAPTURE_PERIOD must be a positive ISO 8601 duration such as P7D');
    }
    await authorizationReleaseTimer.define(deps.jobs);
  },

  async routes(app) {
    await app.register(paymentRoutes);
  },

  async workers(host) {
    await runAuthorizationRelease(host.deps);
    // 3-D Secure challenges nobody answered within THREE_D_SECURE_CHALLENGE_TIMEOUT expire.
    runChallengeTimeout(host);
    // The completer: hosted card attempts a dead process left between their two phases are failed cleanly.
    runCompleter(host, 'card attempts', () =>
      completeAbandonedCardAttempts(host.deps, { graceMs: host.deps.config.operations.completerGraceMs }),
    );
  },
};
