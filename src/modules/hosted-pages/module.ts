import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/index.ts';
import type { GatewayModule } from '../../platform/module.ts';
import type { PaymentDeps } from '../payments/index.ts';
import { staticAssetRoutes } from './assets/static-assets.ts';
import { registerPageScope } from './page-scope.ts';
import { orderPageRoutes } from './pages/order-page-routes.ts';
import { paymentPageRoutes } from './pages/payment-page-routes.ts';

/**
 * Every customer-facing page (the order page, the payment page) and their static assets, in ONE encapsulated
 * scope with cookies, form bodies, CSRF protection and payer cookies (page-scope.ts): the API around it keeps
 * speaking JSON only and sets no cookies. Another module's pages (the iDEAL bank simulator) get a scope of their
 * own the same way.
 */
export const hostedPagesModule: GatewayModule<PaymentDeps> = {
  name: 'hosted-pages',
  async routes(app, deps) {
    await app.register(hostedPages, { config: deps.config });
  },
};

async function hostedPages(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  await registerPageScope(app, options.config);
  await app.register(staticAssetRoutes);
  await app.register(orderPageRoutes);
  await app.register(paymentPageRoutes);
}
