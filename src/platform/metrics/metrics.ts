import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueBacklog } from '../jobs/job-queue.ts';
import { RequestHistogram } from './request-histogram.ts';

/**
 * This process's Prometheus metrics (prom-client), served at GET /metrics (metrics-endpoint.ts). Every label
 * has a bounded set of values: route patterns (never paths with ids), status codes, operation names up to a
 * fixed number of distinct ones, queue names, outcomes and statuses from the code's own enums.
 *
 * What the code does reaches the counters through observers (the status-change writer's and the webhook
 * attempt recorder's `Signal`s, hooked up by the composition root), not through calls scattered in commands;
 * gauges read their sources when scraped.
 */
export interface MetricSources {
  /** The primary's connection pool of this process. */
  pool(): Promise<{ total: number; idle: number; waiting: number } | null>;
  /** Due jobs per queue (the job queue's and the webhook delivery queue's). */
  backlog(): Promise<QueueBacklog[]>;
  /** GraphQL WebSockets open on this process. */
  openSockets(): number;
}

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Distinct GraphQL operation names kept as labels; later ones count as `other`. */
const MAX_OPERATION_NAMES = 100;
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

export class Metrics {
  readonly registry = new Registry();
  readonly #operationNames = new Set<string>();

  readonly httpDuration = new RequestHistogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  readonly graphqlDuration = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'GraphQL operations over HTTP by operation name, type and outcome (ok or error)',
    labelNames: ['operation', 'type', 'outcome'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  readonly webhookAttempts = new Counter({
    name: 'webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome (delivered, or the kind of failure)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly auditEntriesFailed = new Counter({
    name: 'audit_entries_failed_total',
    help: 'Audit entries this process could not write, after retries (each is also logged at error level)',
    registers: [this.registry],
  });

  readonly writesPerStatement = new Histogram({
    name: 'db_writes_per_statement',
    help: 'One-statement writes (creates) per statement sent: 1 alone, more when concurrent ones were merged',
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [this.registry],
  });

  readonly requestsPerTransaction = new Histogram({
    name: 'db_requests_per_transaction',
    help: 'Locked requests (card payments, stored cards) per database transaction: 1 alone, more when concurrent ones shared one',
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [this.registry],
  });

  readonly statusChanges = new Counter({
    name: 'status_changes_total',
    help: 'Status changes written by this process, by object (order or transaction) and new status',
    labelNames: ['object', 'status'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    new Gauge({
      name: 'db_pool_connections',
      help: "Connections of this process's pool on the primary, by state (in_use, idle)",
      labelNames: ['state'] as const,
      registers,
      async collect() {
        const pool = await sources.pool().catch(() => null);
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a free connection of the pool',
      registers,
      async collect() {
        const pool = await sources.pool().catch(() => null);
        this.set(pool?.waiting ?? 0);
      },
    });
    // One query feeds both queue gauges: the depth gauge asks, the age gauge reuses its answer.
    let backlog: Promise<QueueBacklog[]> = Promise.resolve([]);
    new Gauge({
      name: 'job_queue_due_jobs',
      help: 'Jobs due and waiting for a worker, per queue (shared by every process)',
      labelNames: ['queue'] as const,
      registers,
      // Every process sees the same shared queue: across a cluster, one answer, not their sum.
      aggregator: 'first',
      async collect() {
        this.reset();
        backlog = sources.backlog().catch(() => []);
        for (const row of await backlog) this.set({ queue: row.queue }, row.due);
      },
    });
    new Gauge({
      name: 'job_queue_oldest_due_seconds',
      help: 'Seconds the longest-waiting due job of each queue has waited',
      labelNames: ['queue'] as const,
      registers,
      aggregator: 'first',
      async collect() {
        this.reset();
        for (const row of await backlog) this.set({ queue: row.queue }, row.oldestDueSeconds);
      },
    });
    new Gauge({
      name: 'graphql_websockets_open',
      help: 'GraphQL WebSockets (subscriptions) open on this process',
      registers,
      collect() {
        this.set(sources.openSockets());
      },
    });
  }

  /** The label of an operation name: the name while fewer than 100 distinct ones were seen, else `other`. */
  operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (!OPERATION_NAME.test(name)) return 'other';
    if (this.#operationNames.has(name)) return name;
    if (this.#operationNames.size >= MAX_OPERATION_NAMES) return 'other';
    this.#operationNames.add(name);
    return name;
  }

  /** Times every HTTP request by its route pattern (`/v1/orders/:orderId/`), not its path. */
  observeHttp(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      this.httpDuration.observeRequest(
        request.method,
        request.routePattern ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  /** An Apollo plugin timing each GraphQL operation from its arrival to its response. */
  graphqlPlugin<Context extends object>(): ApolloServerPlugin<Context> {
    const metrics = this;
    return {
      async requestDidStart() {
        const started = performance.now();
        return {
          async willSendResponse(context) {
            metrics.graphqlDuration.observe(
              {
                operation: metrics.operationLabel(context.operationName),
                type: context.operation?.operation ?? 'unknown',
                outcome: context.errors?.length ? 'error' : 'ok',
              },
              (performance.now() - started) / 1000,
            );
          },
        };
      },
    };
  }
}
