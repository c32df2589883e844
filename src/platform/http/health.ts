import type { FastifyInstance } from 'fastify';

/**
 * Health endpoints for load balancers and orchestrators, without authentication and without secrets:
 * - `GET /health/live`: the process is up and its event loop answers (restart it when this fails);
 * - `GET /health/ready`: it can serve: every readiness check passes and it is not draining (send it traffic
 *   only while this is 200). A failure is 503 naming the failing part(s).
 * Probes are logged at debug level only, so a probe every few seconds does not drown the request log.
 */

/** One part of readiness: resolves with null when it is fine, else a short, secret-free reason. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<string | null>;
}

export interface HealthOptions {
  checks: readonly ReadinessCheck[];
  /** True from the moment the process starts shutting down: readiness fails at once. */
  draining(): boolean;
  /** A check that has not answered in this time counts as failed. */
  timeoutMs?: number;
}

export function registerHealth(app: FastifyInstance, options: HealthOptions): void {
  const timeoutMs = options.timeoutMs ?? 2000;
  const probe = { logLevel: 'debug' as const, config: { rateLimit: false } };

  app.get('/health/live', probe, async () => ({ status: 'live' }));

  app.get('/health/ready', probe, async (_request, reply) => {
    if (options.draining()) return reply.code(503).send({ status: 'draining', failing: ['draining'] });
    const results = await Promise.all(
      options.checks.map(async ({ name, check }) => [name, await withTimeout(check(), timeoutMs)] as const),
    );
    const checks = Object.fromEntries(results.map(([name, problem]) => [name, problem ?? 'ok']));
    const failing = results.filter(([, problem]) => problem !== null).map(([name]) => name);
    if (failing.length > 0) return reply.code(503).send({ status: 'unavailable', failing, checks });
    return { status: 'ready', checks };
  });
}

async function withTimeout(check: Promise<string | null>, ms: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${ms} ms`), ms);
  });
  try {
    // A check that throws is a failure; its message is not passed on (it may name hosts or users).
    return await Promise.race([check.catch(() => 'failed'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
