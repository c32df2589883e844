import type { GatewayModule } from '../../platform/module.ts';
import { searchResolvers } from './graphql/search-resolvers.ts';
import { searchRoutes } from './rest/search-routes.ts';

/** Order search: REST JSON and CSV, the GraphQL `orders` connection. */
export const searchModule: GatewayModule = {
  name: 'search',
  resolvers: searchResolvers,
  async routes(app) {
    await app.register(searchRoutes);
  },
};
