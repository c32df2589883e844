import type { GatewayModule } from '../../platform/module.ts';
import { paymentLinkNode, paymentLinkResolvers } from './graphql/payment-link-resolvers.ts';
import { linkPageRoutes } from './pages/link-page-routes.ts';
import { PaymentLink } from './payment-link.entity.ts';
import { paymentLinkRoutes } from './rest/payment-link-routes.ts';

/**
 * Payment links (issue 16 point 2): links a merchant shares (REST, GraphQL), whose public address creates a
 * hosted order through the orders module's `createOrder`, each order remembering its link
 * (`related_payment_link_id`). A single-use link leads to at most one completed payment.
 */
export const paymentLinksModule: GatewayModule = {
  name: 'payment-links',
  entities: [PaymentLink],
  resolvers: paymentLinkResolvers,
  nodeTypes: [paymentLinkNode],
  async routes(app) {
    await app.register(paymentLinkRoutes);
    await app.register(linkPageRoutes);
  },
};
