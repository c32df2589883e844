import type { FastifyReply } from 'fastify';

/** What Fastify sets for a serialised object; a body sent as text must say the same. */
export const JSON_UTF8 = 'application/json; charset=utf-8';

/** Sends JSON that is already serialised, with the content type Fastify gives an object it serialises. */
export function sendJsonText(reply: FastifyReply, body: string): FastifyReply {
  return reply.header('content-type', JSON_UTF8).send(body);
}
