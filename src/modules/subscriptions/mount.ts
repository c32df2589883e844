import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { Db } from '../../platform/db/orm.ts';
import { mountGraphQLWebSocket } from '../../platform/graphql/websocket.ts';
import type { AppServices } from '../../services.ts';
import { authenticateApiKey } from '../projects/commands/authenticate-api-key.ts';
import { apiKeyFromConnectionParams } from './connection-auth.ts';
import { OutboxFeed } from './outbox-feed.ts';

/**
 * graphql-ws on `/graphql` beside Apollo's HTTP, over the same schema. Every operation gets a fresh unit of
 * work and this process's outbox feed; the feed closes with the WebSocket server when the app closes.
 */
export function mountSubscriptions(app: FastifyInstance, schema: GraphQLSchema, services: AppServices): void {
  const { orm, config, now } = services;
  const feed = new OutboxFeed({ orm, notifications: services.notifications, logger: services.logger });
  mountGraphQLWebSocket(app, {
    schema,
    path: '/graphql',
    production: config.env === 'production',
    authenticate: async (params) => {
      const apiKey = apiKeyFromConnectionParams(params);
      return apiKey ? authenticateApiKey(Db.fork(orm), apiKey) : null;
    },
    context: (actor) => ({
      deps: { db: Db.fork(orm), now, config },
      actor,
      request: null,
      loaders: new Map(),
      live: feed,
    }),
    onClose: () => feed.close(),
  });
}
