import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import type { ErrorContract, Example, RouteContract } from '../http/route-contract.ts';
import { errorsOf } from './common-errors.ts';
import { errorBodySchema } from './error-schema.ts';
import { contractedRoutes, type RegisteredRoute } from './route-registry.ts';

export type OpenApiDocument = ReturnType<typeof createDocument>;

export interface ApiDocumentOptions {
  title: string;
  version: string;
  /** Markdown shown at the top of the reference page. */
  description: string;
  /** The base URL every path is relative to (BASE_URL). */
  serverUrl: string;
  /** The portal session cookie's name (it depends on the portal's URL scheme). */
  sessionCookieName: string;
  /** What contracts whose body schema is built at start are given (the process's deps). */
  deps: unknown;
  /** The reference page's groups, in this order; a tag of a contract not listed here comes after them. */
  tags: readonly { name: string; description: string }[];
}

export const SECURITY_SCHEMES = { api_key: 'basicAuth', session: 'portalSession' } as const;
const IDEMPOTENCY_KEY = 'Idempotency-Key';

/**
 * The OpenAPI 3.1 document of every route registered with a contract, in registration order: the schemas are
 * the routes' zod schemas, rendered by zod-openapi (requests as their input, responses as their output).
 * Response objects are documented without `additionalProperties: false`: responses may gain fields.
 */
export function buildOpenApiDocument(
  routes: readonly RegisteredRoute[],
  options: ApiDocumentOptions,
): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  const tags = options.tags.map((tag) => tag.name);
  for (const { method, url, contract } of contractedRoutes(routes)) {
    const path = openApiPath(url);
    paths[path] ??= {};
    const item = paths[path] as Record<string, ZodOpenApiOperationObject>;
    item[method.toLowerCase()] = operationOf(contract, options.deps);
    for (const tag of contract.tags) if (!tags.includes(tag)) tags.push(tag);
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: { title: options.title, version: options.version, description: options.description },
      servers: [{ url: options.serverUrl }],
      tags: tags.map((name) => options.tags.find((tag) => tag.name === name) ?? { name }),
      paths,
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.api_key]: {
            type: 'http',
            scheme: 'basic',
            description:
              "**Username**: the project's API key (`sk_test_…` or `sk_live_…`, printed by `npm start` or made with " +
              '`npm run key:create`); **password**: empty. `curl -u sk_test_…: …` sends exactly that. ' +
              'Keys are server secrets: never put one in a browser or an app.',
          },
          [SECURITY_SCHEMES.session]: {
            type: 'apiKey',
            in: 'cookie',
            name: options.sessionCookieName,
            description:
              "The merchant portal's session cookie, set by `POST …/session`. A request that changes something also sends `x-csrf-token`.",
          },
        },
      },
    },
    {
      override: ({ jsonSchema, io }) => {
        if (io === 'output' && jsonSchema.additionalProperties === false)
          delete jsonSchema.additionalProperties;
      },
    },
  );
}

/** `/v1/orders/:orderId/` → `/v1/orders/{order_id}/`: OpenAPI's template, the spec's parameter names. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => `{${snakeCase(name)}}`);
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The contract's body schema: given, or built from the deps at start. */
export function bodySchemaOf(contract: RouteContract, deps: unknown): z.ZodType | null {
  const schema = contract.body?.schema;
  if (!schema) return null;
  return typeof schema === 'function' ? (schema as (deps: unknown) => z.ZodType)(deps) : schema;
}

function operationOf(contract: RouteContract, deps: unknown): ZodOpenApiOperationObject {
  const body = bodySchemaOf(contract, deps);
  const idempotent = contract.auth === 'api_key' && (contract.method === 'POST' || contract.method === 'PUT');
  const header = z.object({
    ...(idempotent
      ? {
          [IDEMPOTENCY_KEY]: z
            .string()
            .min(1)
            .max(255)
            .optional()
            .meta({
              description:
                'Makes the call safe to retry: the same key with the same request answers the stored response ' +
                '(with `Idempotent-Replayed: true`) without running it again. Kept 24 hours, per project.',
              example: 'order-4711-attempt',
            }),
        }
      : {}),
    ...(contract.headers?.shape ?? {}),
  });
  return {
    operationId: contract.operationId,
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    tags: [...contract.tags],
    security: contract.auth === 'none' ? [] : [{ [SECURITY_SCHEMES[contract.auth]]: [] }],
    requestParams: {
      ...(contract.params ? { path: snakeCaseKeys(contract.params) } : {}),
      ...(contract.query ? { query: contract.query } : {}),
      ...(Object.keys(header.shape).length > 0 ? { header } : {}),
    },
    ...(body && contract.body
      ? {
          requestBody: {
            required: contract.body.required ?? true,
            content: { 'application/json': { schema: body, examples: examplesOf(contract.body.examples) } },
          },
        }
      : {}),
    responses: responsesOf(contract, idempotent),
  };
}

function snakeCaseKeys(params: z.ZodObject): z.ZodObject {
  return z.object(
    Object.fromEntries(Object.entries(params.shape).map(([key, value]) => [snakeCase(key), value])),
  );
}

function examplesOf(examples: Readonly<Record<string, Example>> | undefined) {
  return Object.fromEntries(
    Object.entries(examples ?? {}).map(([name, example]) => [
      name,
      { ...(example.summary ? { summary: example.summary } : {}), value: example.value },
    ]),
  );
}

function responsesOf(contract: RouteContract, idempotent: boolean): ZodOpenApiResponsesObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  const success = contract.success;
  if (success) {
    const headers: Record<string, z.ZodType> = {};
    if (success.status === 201) {
      headers.Location = z.string().meta({ description: "The created resource's URL." });
    }
    for (const [name, header] of Object.entries(success.headers ?? {})) {
      // Sent with one representation only: not required of the others' answers.
      const value = header.mediaType ? z.string().optional() : z.string();
      headers[name] = value.meta({ description: header.description });
    }
    if (idempotent) {
      headers['Idempotent-Replayed'] = z.literal('true').optional().meta({
        description:
          'Present when this is the stored response of an earlier request with the same `Idempotency-Key`.',
      });
    }
    const content = {
      ...(success.schema
        ? { 'application/json': { schema: success.schema, examples: examplesOf(success.examples) } }
        : {}),
      ...Object.fromEntries(
        Object.entries(success.alternatives ?? {}).map(([mediaType, alternative]) => [
          mediaType,
          {
            schema: { type: 'string' as const, description: alternative.description },
            example: alternative.example,
          },
        ]),
      ),
    };
    responses[String(success.status)] = {
      description: success.description,
      ...(Object.keys(headers).length > 0 ? { headers: z.object(headers) } : {}),
      ...(Object.keys(content).length > 0 ? { content } : {}),
    };
  }
  const byStatus = new Map<number, ErrorContract[]>();
  for (const error of errorsOf(contract))
    byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const errors = byStatus.get(status)!;
    responses[String(status)] = {
      description: errors.map((error) => `- \`${error.type}\`: ${error.when}`).join('\n'),
      ...(errorHeadersOf(status, contract) ? { headers: errorHeadersOf(status, contract) } : {}),
      content: {
        'application/json': {
          schema: errorBodySchema,
          examples: Object.fromEntries(
            errors.map((error) => [error.type, { summary: error.when, value: errorExample(error) }]),
          ),
        },
      },
    };
  }
  return responses as ZodOpenApiResponsesObject;
}

function errorHeadersOf(status: number, contract: RouteContract): z.ZodObject | undefined {
  if (status === 429) {
    return z.object({ 'Retry-After': z.string().meta({ description: 'Seconds to wait before retrying.' }) });
  }
  if (status === 401 && contract.auth === 'api_key') {
    return z.object({ 'WWW-Authenticate': z.string().meta({ description: '`Basic realm="…"`' }) });
  }
  return undefined;
}

/** An error body as the server sends it (a 400 about the input with its `fields`). */
function errorExample(error: ErrorContract) {
  const fields = error.fields ? { fields: error.fields } : {};
  return { error: { status: error.status, type: error.type, value: error.value ?? error.when, ...fields } };
}
