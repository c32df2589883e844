import type { FastifyInstance } from 'fastify';
import { statusChanged } from './modules/orders/status-changes.ts';
import { attemptsRecorded, deliveryBacklog } from './modules/webhooks/commands/record-attempts.ts';
import { transactionsShared } from './platform/db/shared-transactions.ts';
import { statementsSent } from './platform/db/write-batches.ts';
import type { OpenSockets } from './platform/graphql/websocket.ts';
import { Metrics } from './platform/metrics/metrics.ts';
import { registerMetricsRoute } from './platform/metrics/metrics-endpoint.ts';
import type { AppDeps, AppServices } from './services.ts';

/** The name of the webhook delivery queue in the job queue metrics (it is a table of its own, not pg-boss). */
const WEBHOOK_QUEUE = 'webhook-deliveries';

/**
 * This process's metrics, wired to what they observe: the HTTP server, the status-change writer, the webhook
 * attempt recorder, the audit trail and the merged writes (their signals), the pool, both job queues and the open WebSockets (read when scraped).
 * `/metrics` is served on the main port unless METRICS_PORT gives it a port of its own (runtime.ts); there, in
 * production, only with METRICS_TOKEN (a bearer token).
 */
export function instrumentApp(
  app: FastifyInstance,
  services: AppServices,
  deps: AppDeps,
  sockets: () => OpenSockets | null,
): Metrics {
  const metrics = new Metrics({
    pool: () => deps.db.poolStats(),
    backlog: async () => {
      const [jobs, webhooks] = await Promise.all([services.jobs.backlog(), deliveryBacklog(deps)]);
      return [...jobs, { queue: WEBHOOK_QUEUE, ...webhooks }];
    },
    openSockets: () => sockets()?.openCount() ?? 0,
  });
  metrics.observeHttp(app);
  const unobserve = [
    statusChanged.observe((change) =>
      metrics.statusChanges.inc({ object: change.object, status: change.status }),
    ),
    attemptsRecorded.observe((attempt) =>
      metrics.webhookAttempts.inc({ outcome: attempt.errorKind ?? 'delivered' }),
    ),
    deps.audit.failed.observe((count) => metrics.auditEntriesFailed.inc(count)),
    statementsSent.observe((writes) => metrics.writesPerStatement.observe(writes)),
    transactionsShared.observe((requests) => metrics.requestsPerTransaction.observe(requests)),
  ];
  app.addHook('onClose', async () => {
    for (const stop of unobserve) stop();
  });
  const { metricsPort, metricsToken } = services.config.operations;
  if (!metricsPort) {
    registerMetricsRoute(app, () => metrics.registry, {
      token: metricsToken,
      open: services.config.env !== 'production',
    });
  }
  app.decorate('metrics', metrics);
  return metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus metrics (src/observability.ts). */
    metrics: Metrics;
  }
}
