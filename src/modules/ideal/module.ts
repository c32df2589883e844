import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/index.ts';
import type { GatewayModule } from '../../platform/module.ts';
import { registerPageScope } from '../hosted-pages/index.ts';
import { bankPageRoutes } from './pages/bank-page-routes.ts';
import { idealRoutes } from './rest/ideal-routes.ts';

/**
 * iDEAL (issue 33): the bank-redirect payment method the shop plugins default to. Its handler
 * (ideal-payment-method.ts) is registered in the payment-method registry (src/services.ts) like the card's and
 * the wallets'; this module adds the issuers list (REST) and, for test projects, the simulated bank's page the
 * customer is sent to, in a page scope of its own (CSRF, cookies, form bodies, payer cookies:
 * hosted-pages/page-scope.ts).
 */
export const idealModule: GatewayModule = {
  name: 'ideal',
  async routes(app, deps) {
    await app.register(idealRoutes);
    await app.register(bankPages, { config: deps.config });
  },
};

async function bankPages(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  await registerPageScope(app, options.config);
  await app.register(bankPageRoutes);
}
