import type { GatewayModule } from '../../platform/module.ts';
import { searchResolvers } from './graphql/search-resolvers.ts';
import { statsResolvers } from './graphql/stats-resolvers.ts';
import { searchRoutes } from './rest/search-routes.ts';

/** Order search: REST JSON and CSV, the GraphQL `orders` connection, and order statistics (`orderStats`). */
export const searchModule: GatewayModule = {
  name: 'search',
  resolvers: { ...searchResolvers, Query: { ...searchResolvers.Query, ...statsResolvers.Query } },
  async routes(app) {
    await app.register(searchRoutes);
  },
};
