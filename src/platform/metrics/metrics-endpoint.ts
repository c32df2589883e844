import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

/**
 * Where GET /metrics is served: on the main port (no authentication, like /health: keep it off the public
 * internet with the load balancer's rules), or, with METRICS_PORT, on a port of its own that only the
 * monitoring network reaches.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  registry: () => Promise<Registry> | Registry,
): void {
  app.get('/metrics', { logLevel: 'debug', config: { rateLimit: false } }, async (_request, reply) => {
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
