import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { AppConfig } from './config/index.ts';
import { createLogger } from './platform/http/logger.ts';
import { serveMetrics } from './platform/metrics/metrics-endpoint.ts';
import { flushTraces } from './platform/telemetry/trace-context.ts';
import { openDatabase } from './runtime.ts';

/** The test project a first start outside production creates (main.ts), printed by every process's banner. */
export interface DevProject {
  projectId: string;
  apiKey: string;
  userEmail: string;
  userPassword: string;
}

/**
 * WEB_CONCURRENCY > 1: this process only supervises that many server processes (node:cluster) sharing one
 * port. It opens the database first (starting the embedded PostgreSQL when DATABASE_URL is unset, applying the
 * migrations once under their lock), starts the first server process (which prepares the dev project and the
 * portal), then the others; prints the banner once all listen; restarts a server process that dies; and on
 * SIGTERM or Ctrl-C lets every server process drain, then stops the database and ends with one line.
 * With METRICS_PORT, it serves the metrics of all its server processes, aggregated (prom-client).
 *
 * Each server process is the ordinary `npm start` process (every one runs the background workers unless
 * JOBS_ENABLED=false: jobs and webhook deliveries are claimed once each across processes). Per-process state
 * is safe with several: credential caches are invalidated through NOTIFY, rate limits count per process, each
 * process LISTENs on its own connection and feeds its own subscriptions from the shared outbox.
 */
export async function superviseServers(
  config: AppConfig,
  options: {
    banner(config: AppConfig, devKey: DevProject | null, processes: number): string;
    exitOnStartFailure(error: unknown): never;
  },
): Promise<void> {
  const logger = await createLogger(config);
  const database = await openDatabase(config, logger).catch(options.exitOnStartFailure);
  const count = config.operations.webConcurrency;
  // The server processes use this database as it is now: no second migration run, no second embedded server.
  const env = { DATABASE_URL: database.url, MIGRATE_ON_START: 'false' };
  let stopping = false;
  let metricsServer: Server | null = null;
  const listening = new Set<Worker>();

  const stopAll = async (exitCode: number, signal?: string) => {
    if (stopping) return;
    stopping = true;
    if (signal) logger.info({ signal }, 'server shutting down');
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const force = setTimeout(() => worker.process.kill('SIGKILL'), 30_000);
            worker.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            // Each drains HTTP, stops its workers and closes its pool (a second signal is ignored).
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    metricsServer?.close();
    await database.close();
    await flushTraces();
    if (signal) logger.info('server stopped');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stopAll(0, 'SIGINT'));
  process.on('SIGTERM', () => void stopAll(0, 'SIGTERM'));

  const start = (prepare: boolean) =>
    new Promise<DevProject | null>((resolve) => {
      const worker = cluster.fork({ ...env, GATEWAY_PREPARE: prepare ? '1' : '0' });
      worker.on('message', (message: { type?: string; devKey?: DevProject | null }) => {
        if (message?.type !== 'gateway:listening') return;
        listening.add(worker);
        resolve(message.devKey ?? null);
      });
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        if (!listening.has(worker)) {
          // It never came up (a port in use, a bad setting): it said why; starting others would fail alike.
          void stopAll(code || 1);
          return;
        }
        listening.delete(worker);
        logger.warn({ pid: worker.process.pid, code, signal }, 'a server process died; starting another');
        setTimeout(() => {
          if (!stopping) void start(false);
        }, 500);
      });
    });

  const devKey = await start(true);
  await Promise.all(Array.from({ length: count - 1 }, () => start(false)));
  const metricsPort = config.operations.metricsPort;
  if (metricsPort) {
    const aggregator = new AggregatorRegistry();
    metricsServer = await serveMetrics({
      host: config.host,
      port: metricsPort,
      metrics: async () => ({ contentType: aggregator.contentType, text: await aggregator.clusterMetrics() }),
    });
  }
  process.stdout.write(options.banner(config, devKey, count));
}

/** In a server process under the supervisor: answer its requests for this process's metrics. */
export function registerWithSupervisor(registry: Registry): void {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}
