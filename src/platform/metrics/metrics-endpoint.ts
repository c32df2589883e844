import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

/**
 * GET /metrics on the main port (without METRICS_PORT, which gives it a port of its own that only the
 * monitoring network reaches). It names merchants' GraphQL operations, so with a `token` it answers only
 * `Authorization: Bearer <token>` (404 otherwise, as if absent), and without one it is not served at all where
 * `open` is false (production).
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  registry: () => Promise<Registry> | Registry,
  access: { token: string | undefined; open: boolean },
): void {
  if (!access.token && !access.open) return;
  const expected = access.token ? Buffer.from(`Bearer ${access.token}`) : null;
  app.get('/metrics', { logLevel: 'debug', config: { rateLimit: false } }, async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.callNotFound();
      }
    }
    const source = await registry();
    reply.header('content-type', source.contentType);
    return source.metrics();
  });
}

/** A bare HTTP server answering GET /metrics only (METRICS_PORT). */
export async function serveMetrics(options: {
  host: string;
  port: number;
  metrics: () => Promise<{ contentType: string; text: string }>;
}): Promise<Server> {
  const server = createServer(async (request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    try {
      const { contentType, text } = await options.metrics();
      response.writeHead(200, { 'content-type': contentType }).end(text);
    } catch {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
