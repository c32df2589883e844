import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, RateLimitedError } from '../errors/domain-error.ts';
import { type FieldProblem, renderProblem } from '../errors/field-problem.ts';
import { HTTP_STATUS_BY_KIND } from '../errors/http-status.ts';
import { SCRIPT_CHALLENGE, WWW_AUTHENTICATE } from './basic-auth.ts';
import { sendJsonText } from './json-text.ts';

/**
 * The spec's error body: `{"error": {"status": 400, "type": "...", "value": "human message"}}`, and on a 400
 * for the request's content, `fields`: one entry per problem, `field` the JSON path in the request
 * (`customer.email_address`, `transactions.0.payment_method`), `code` the kind of problem (`required`,
 * `too_big`, …), `message` the problem in words, naming the field. Errors about the state of a resource
 * (404, 409, 422) name their field in `value` only (GraphQL `userErrors.field` always names it).
 */
export interface ErrorBody {
  error: { status: number; type: string; value: string; fields?: FieldEntry[] };
}

export interface FieldEntry {
  field: string | null;
  code: string;
  message: string;
}

export function errorBody(
  status: number,
  type: string,
  value: string,
  problems: readonly FieldProblem[] = [],
): ErrorBody {
  if (problems.length === 0) return { error: { status, type, value } };
  const fields = problems.map((problem) => ({
    field: problem.field,
    code: problem.code,
    message: renderProblem(problem),
  }));
  return { error: { status, type, value, fields } };
}

export function sendDomainError(reply: FastifyReply, error: DomainError): FastifyReply {
  const status = HTTP_STATUS_BY_KIND[error.kind];
  if (status === 401) reply.header('WWW-Authenticate', challengeFor(reply.request));
  if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(status).send(domainErrorBody(error));
}

/** The spec's error body of a domain error, as `sendDomainError` sends it. */
export function domainErrorBody(error: DomainError): ErrorBody {
  const status = HTTP_STATUS_BY_KIND[error.kind];
  const problems = error.kind === 'invalid_request' ? error.problems : [];
  return errorBody(status, error.code, error.message, problems);
}

const serialisedBodies = new WeakMap<DomainError, string>();

/**
 * `sendDomainError` for an error object sent again and again (a constant refusal, e.g. a flood of unknown API
 * keys): its body is serialised once and sent as text. The same status, headers and bytes as `sendDomainError`.
 */
export function sendConstantDomainError(reply: FastifyReply, error: DomainError): FastifyReply {
  let body = serialisedBodies.get(error);
  if (body === undefined) {
    body = JSON.stringify(domainErrorBody(error));
    serialisedBodies.set(error, body);
  }
  const status = HTTP_STATUS_BY_KIND[error.kind];
  if (status === 401) reply.header('WWW-Authenticate', challengeFor(reply.request));
  return sendJsonText(reply.code(status), body);
}

/**
 * A `Basic` challenge makes a browser ask for a user name and password, and a script's request waits for that
 * dialog (in headless Chromium, forever). A page's own script (`Sec-Fetch-Dest: empty`, same origin: the
 * merchant portal's fetches, which sign in with a session) gets a challenge no browser acts on; curl, servers
 * and a browser's navigation still get `Basic`. Browsers set these headers themselves (scripts cannot).
 */
function challengeFor(request: FastifyRequest): string {
  const scripted = request.headers['sec-fetch-dest'] === 'empty';
  return scripted && request.headers['sec-fetch-site'] === 'same-origin'
    ? SCRIPT_CHALLENGE
    : WWW_AUTHENTICATE;
}

interface FrameworkError {
  statusCode?: number;
  code?: string;
  message?: string;
  validation?: unknown;
}

/** Maps errors thrown by Fastify itself (body parsing, media types, sizes) onto the spec's error body. */
export function frameworkErrorBody(error: FrameworkError): ErrorBody | null {
  const status = error.statusCode;
  if (!status || status < 400 || status >= 500) return null;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errorBody(415, 'unsupported_media_type', 'Content-Type must be application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errorBody(400, 'invalid_request', 'The request body must be a JSON object');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorBody(413, 'payload_too_large', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errorBody(400, 'invalid_request', 'The Content-Length header does not match the body');
    default:
      if (status === 400) return errorBody(400, 'malformed_json', 'The request body is not valid JSON');
      return errorBody(status, 'invalid_request', error.message ?? 'The request was refused');
  }
}

/**
 * The raw HTTP answer to a connection whose request never became one (Node's `clientError`: a request not sent
 * in time, headers too large, bytes that are not HTTP), in the API's error body; the connection is closed after.
 */
export function clientErrorResponse(code: string | undefined): string {
  const [status, reason, body] =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', errorBody(408, 'request_timeout', 'The request was not sent in time')]
      : code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            'Request Header Fields Too Large',
            errorBody(431, 'invalid_request', 'The request headers are too large'),
          ]
        : [400, 'Bad Request', errorBody(400, 'invalid_request', 'The request is not valid HTTP')];
  const text = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`
  );
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
