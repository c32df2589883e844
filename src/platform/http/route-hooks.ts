import type {
  FastifyInstance,
  onRequestHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';

/** Hooks a route gets of its own (callback style: none of them may return a promise it does not need). */
export interface RouteHooks {
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler;
  onSend?: onSendHookHandler;
  onResponse?: onResponseHookHandler;
}

/**
 * Adds `hooks` to every route registered from now on that `applies` picks, after the route's own hooks and
 * after every instance-level hook of the same kind: what concerns a few routes (GraphQL, writes, keyed routes)
 * costs nothing on the others, where an instance hook is a call, and an onSend hook a whole hook runner, per
 * request. Call before the routes are registered. A request no route matched (the 404 handler) gets none.
 */
export function addRouteHooks(
  app: FastifyInstance,
  applies: (route: RouteOptions) => boolean,
  hooks: RouteHooks,
): void {
  app.addHook('onRoute', (route) => {
    if (!applies(route)) return;
    for (const [name, hook] of Object.entries(hooks) as [keyof RouteHooks, RouteHooks[keyof RouteHooks]][]) {
      if (!hook) continue;
      const own = route[name] as unknown;
      (route as unknown as Record<string, unknown>)[name] =
        own === undefined ? hook : [...(Array.isArray(own) ? own : [own]), hook];
    }
  });
}

/** The methods a route answers (a route may list several). */
export const routeMethods = (route: RouteOptions): readonly string[] =>
  Array.isArray(route.method) ? route.method : [route.method];
