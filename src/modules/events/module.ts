import type { GatewayModule } from '../../platform/module.ts';
import { purgeExpiredEvents } from './commands/purge-events.ts';
import { eventResolvers } from './graphql/event-resolvers.ts';
import { eventRoutes } from './rest/event-routes.ts';

/** How often a worker process purges events past their retention. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The events feed: the outbox read as the project's event log (REST `/v1/events/`, GraphQL `events`/`event`),
 * its live tail for subscriptions (event-feed.ts, built by the composition root) and its retention.
 */
export const eventsModule: GatewayModule = {
  name: 'events',
  resolvers: eventResolvers,
  async routes(app) {
    await app.register(eventRoutes);
  },
  /** Purges events older than EVENTS_RETENTION_DAYS: shortly after start, then every hour. */
  async workers({ deps, onShutdown }) {
    const purge = () =>
      purgeExpiredEvents(deps)
        .then((purged) => purged > 0 && deps.logger.info({ purged }, 'expired events purged'))
        .catch((error) => deps.logger.error({ err: error }, 'could not purge expired events'));
    const first = setTimeout(purge, 60_000);
    const every = setInterval(purge, PURGE_INTERVAL_MS);
    first.unref();
    every.unref();
    onShutdown(async () => {
      clearTimeout(first);
      clearInterval(every);
    });
  },
};
