import type { FastifyReply } from 'fastify';

/** A 201 names what it created: `Location` is the new resource's URL (RFC 9110 15.3.2). */
export function sendCreated(reply: FastifyReply, location: string, body: unknown): FastifyReply {
  return reply.code(201).header('location', location).send(body);
}
