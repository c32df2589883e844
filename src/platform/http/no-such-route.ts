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
