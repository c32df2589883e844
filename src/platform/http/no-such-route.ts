import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body.ts';

/**
 * The 404 of an unknown route. Test-only routes answer it to live keys too, so they cannot tell that such a
 * route exists.
 */
export function sendNoSuchRoute(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .send(errorBody(404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}`));
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/**
 * What the router answers when no route matched: 405 with `Allow` when the path is a route of other methods
 * (`DELETE /v1/orders/{id}/`: a "not found" there read as a missing order), else the 404 of an unknown route.
 */
export function sendNoRouteMatched(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0]!;
  const allowed = METHODS.filter((method) => request.server.findRoute({ method, url: path }) !== null);
  // A route of this very method that sent the request here (a file not found under a wildcard, a hidden
  // endpoint) answers the plain 404.
  if (allowed.length === 0 || allowed.includes(request.method as (typeof METHODS)[number])) {
    return sendNoSuchRoute(request, reply);
  }
  return reply
    .code(405)
    .header('allow', allowed.join(', '))
    .send(
      errorBody(
        405,
        'method_not_allowed',
        `${request.method} is not allowed on ${path}: it takes ${allowed.join(', ')}`,
      ),
    );
}
