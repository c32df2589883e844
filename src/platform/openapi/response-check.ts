import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorBody } from '../http/error-body.ts';
import type { RouteContract } from '../http/route-contract.ts';
import { errorsOf } from './common-errors.ts';
import { errorBodySchema } from './error-schema.ts';

/**
 * Holds every answer of a route with a contract to that contract: a declared status, a body its schema accepts
 * (no field it does not know: response schemas are strict), `Location` on a 201, and for an error a declared
 * `type` in the error body. Only under NODE_ENV=test (app.ts): the whole test suite then checks the document.
 * A violation replaces the answer with a 500 `contract_violation` naming it, logs it and writes it to stderr,
 * so the test that provoked it fails and says why. 5xx answers are failures of their own and left alone.
 */
export function checkResponsesAgainstContracts(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const contract = request.routeOptions.config?.contract;
    if (!contract || request.method === 'HEAD') return payload;
    const violation = violationOf(contract, reply, payload);
    if (!violation) return payload;
    const message = `${request.method} ${request.routePattern} answered ${reply.statusCode}: ${violation}`;
    request.log.error({ violation: message }, 'contract violation');
    process.stderr.write(`\ncontract violation: ${message}\n`);
    reply.code(500).header('content-type', 'application/json; charset=utf-8').removeHeader('location');
    return JSON.stringify(errorBody(500, 'contract_violation', message));
  });
}

/** What is wrong with this answer, by the contract; null when nothing is. */
export function violationOf(contract: RouteContract, reply: FastifyReply, payload: unknown): string | null {
  const status = reply.statusCode;
  if (status >= 500) return null;
  const contentType = String(reply.getHeader('content-type') ?? '');
  const success = contract.success;
  if (success && status === success.status) {
    if (status === 201 && !reply.getHeader('location')) return 'a 201 without a Location header';
    const missing = Object.entries(success.headers ?? {})
      .filter(([, header]) => !header.mediaType || contentType.startsWith(header.mediaType))
      .filter(([name]) => reply.getHeader(name) === undefined)
      .map(([name]) => name);
    if (missing.length > 0) return `a success answer without its declared header ${missing.join(', ')}`;
    if (status === 204) return isEmpty(payload) ? null : 'a 204 with a body';
    if (contentType.startsWith('application/json') && success.schema) {
      return schemaViolation(success.schema, payload);
    }
    const declared = Object.keys(success.alternatives ?? {});
    return declared.some((mediaType) => contentType.startsWith(mediaType))
      ? null
      : `a body of type "${contentType}", which the contract does not declare`;
  }
  if (status < 400) return 'a status the contract does not declare';
  const declared = errorsOf(contract).filter((error) => error.status === status);
  if (declared.length === 0) return 'an error status the contract does not declare';
  if (status === 429 && reply.getHeader('retry-after') === undefined) return 'a 429 without Retry-After';
  if (status === 401 && contract.auth === 'api_key' && reply.getHeader('www-authenticate') === undefined)
    return 'a 401 without WWW-Authenticate';
  const problem = schemaViolation(errorBodySchema, payload);
  if (problem) return problem;
  const { error } = JSON.parse(String(payload)) as z.output<typeof errorBodySchema>;
  if (error.status !== status) return `an error body whose status is ${error.status}`;
  if (!declared.some((entry) => entry.type === error.type)) {
    return `error type "${error.type}", which the contract does not declare for ${status} (declared: ${declared.map((entry) => entry.type).join(', ')})`;
  }
  return null;
}

function schemaViolation(schema: z.ZodType, payload: unknown): string | null {
  let body: unknown;
  try {
    body = JSON.parse(typeof payload === 'string' ? payload : String(payload));
  } catch {
    return 'a body that is not JSON';
  }
  const result = schema.safeParse(body);
  return result.success ? null : `a body its schema refuses:\n${z.prettifyError(result.error)}`;
}

function isEmpty(payload: unknown): boolean {
  return (
    payload === undefined ||
    payload === null ||
    payload === '' ||
    (Buffer.isBuffer(payload) && payload.length === 0)
  );
}
