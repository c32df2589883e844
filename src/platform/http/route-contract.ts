import type { FastifyInstance, RouteHandler } from 'fastify';
import type { z } from 'zod';
import type { Role } from '../auth/roles.ts';
import { type BodyReading, bodyAsMeant } from './body-as-meant.ts';

/**
 * A REST route's contract, declared once beside its route: what it takes, what it answers, which errors it
 * may give. Fastify registers the route from it (`route`), the OpenAPI document is generated from what was
 * registered (platform/openapi/), and in tests every answer of the route is checked against it
 * (platform/openapi/response-check.ts), so the published document cannot drift from what the server does.
 */
export interface RouteContract<D = never> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The Fastify path, relative to the plugin's prefix: `/v1/orders/:orderId/`. */
  readonly path: string;
  /** Unique, stable, camelCase: the generated client's and the reference page's name for the operation. */
  readonly operationId: string;
  readonly summary: string;
  /** Markdown; say what the spec section is and what the spec leaves open. */
  readonly description?: string;
  /** Groups in the reference page: `Orders`, `Refunds`, `Vault`, … */
  readonly tags: readonly string[];
  /**
   * Who may call: `api_key` (HTTP Basic, the project's key), `session` (the portal's session cookie) or `none`
   * (the call is tied to its resource by ids and a setup token, or it is the sign-in itself).
   */
  readonly auth: 'api_key' | 'session' | 'none';
  /**
   * The weakest role of an API key that may call (`auth: 'api_key'`): by default `viewer` for GET and
   * `developer` for anything else; a read sent as POST (a search) says `viewer`. A weaker key gets 403.
   */
  readonly role?: Role;
  /** Path parameters, named as in `path` (`orderId`); the document spells them in snake_case (`order_id`). */
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** The JSON body: the very schema the command parses it with (or how to get it from the deps). */
  readonly body?: BodyContract<D>;
  /** The answer when the call succeeds; absent for a route that only ever refuses. */
  readonly success?: SuccessContract;
  /**
   * Errors of this route beyond the ones every route of its kind may give (input, authentication, rate limits,
   * idempotency: platform/openapi/common-errors.ts). An answer with a status and `type` declared nowhere fails
   * the tests.
   */
  readonly errors?: readonly ErrorContract[];
  /** Request headers of this route beyond `Authorization` and `Idempotency-Key` (added by `auth`). */
  readonly headers?: z.ZodObject;
}

/**
 * A route's body: its schema and examples, and how the merchants' clients' nulls and empty arrays in it are
 * read (BodyReading: the merchant's own JSON members, the members whose null means something, the objects PHP
 * sends as `[]`; body-as-meant.ts).
 */
export interface BodyContract<D = never> extends BodyReading {
  /** A zod schema, or a function of the deps for schemas built at start (the payment-method registry's). */
  readonly schema: z.ZodType | ((deps: D) => z.ZodType);
  /** Whether a body must be sent (a route that tolerates no body says false). */
  readonly required?: boolean;
  /** Named examples, checked against `schema` by the tests; the first one is shown first. */
  readonly examples: Readonly<Record<string, Example>>;
}

export interface SuccessContract {
  readonly status: 200 | 201 | 204;
  readonly description: string;
  /** The JSON body's schema; absent for a 204 or a body of another media type only. */
  readonly schema?: z.ZodType;
  /** Named examples of the JSON body, checked against `schema` by the tests. */
  readonly examples?: Readonly<Record<string, Example>>;
  /** Other representations of the same answer, chosen by the request (the search's `?format=csv`). */
  readonly alternatives?: Readonly<
    Record<string, { readonly description: string; readonly example: string }>
  >;
  /**
   * Response headers beyond `Location`, which every 201 carries: sent with every success answer, or only with
   * the representation `mediaType` names (the search's `Content-Disposition` comes with its CSV only).
   */
  readonly headers?: Readonly<Record<string, { readonly description: string; readonly mediaType?: string }>>;
}

export interface ErrorContract {
  readonly status: number;
  /** The error body's `type`. */
  readonly type: string;
  /** When this error is given, in words, for the reference page. */
  readonly when: string;
  /** An example of the error body's `value`. */
  readonly value?: string;
  /** An example of the error body's `fields` (a 400 about the input). */
  readonly fields?: readonly { field: string | null; code: string; message: string }[];
}

export interface Example {
  readonly summary?: string;
  readonly value: unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's contract, for the OpenAPI document and the response check. */
    contract?: RouteContract;
  }
}

/** Declares a contract; typed so that a handler registered with `route` knows its params and query. */
export function defineContract<C extends RouteContract>(contract: C): C {
  return contract;
}

type Shape<S> = S extends z.ZodObject<infer T> ? T : Record<string, never>;

/** What Fastify hands the handler: path parameters are strings, query values strings when sent, unvalidated. */
export interface ContractRouteGeneric<C extends RouteContract> {
  Params: { [K in keyof Shape<C['params']>]: string };
  Querystring: { [K in keyof Shape<C['query']>]?: string };
}

/**
 * Registers `handler` for the contract's method and path; the contract rides along in the route's config. A
 * route that takes a body gets it as the merchants' clients mean it (body-as-meant.ts: a null is a field left
 * out, the merchant's own JSON sent as `[]` is `{}`), read as the contract's `freeForm` and `keepsNull` say.
 */
export function route<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: RouteHandler<ContractRouteGeneric<C>>,
): void {
  const body = contract.body;
  app.route<ContractRouteGeneric<C>>({
    method: contract.method,
    url: contract.path,
    config: { contract },
    handler: body
      ? function readBodyAsMeant(request, reply) {
          request.body = bodyAsMeant(request.body, body);
          return handler.call(this, request, reply);
        }
      : handler,
  });
}
