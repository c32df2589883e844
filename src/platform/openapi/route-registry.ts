import type { FastifyInstance } from 'fastify';
import type { RouteContract } from '../http/route-contract.ts';

/** One route as Fastify registered it: the full path (with its plugin's prefix) and its contract, if any. */
export interface RegisteredRoute {
  method: string;
  url: string;
  contract: RouteContract | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this server (HEAD routes Fastify adds for GETs left out). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Records every route as it is registered, with the contract `route()` put in its config. Call on the root
 * instance before any route: the OpenAPI document is built from what is recorded, and a test holds every
 * REST route to having a contract.
 */
export function recordRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) {
      // Fastify answers HEAD beside every GET by itself; no route of ours is HEAD only.
      if (method === 'HEAD') continue;
      routes.push({ method, url: options.url ?? '', contract: options.config?.contract ?? null });
    }
  });
  return routes;
}

/** The routes that declared a contract. */
export function contractedRoutes(
  routes: readonly RegisteredRoute[],
): { method: string; url: string; contract: RouteContract }[] {
  return routes.flatMap((route) => (route.contract ? [{ ...route, contract: route.contract }] : []));
}
