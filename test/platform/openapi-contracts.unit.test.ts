import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { apiDocumentOf, routesOf } from '../../src/api-document.ts';
import { parseConfig } from '../../src/config/index.ts';
import { defineContract, type RouteContract } from '../../src/platform/http/route-contract.ts';
import { errorsOf } from '../../src/platform/openapi/common-errors.ts';
import { errorBodySchema } from '../../src/platform/openapi/error-schema.ts';
import { bodySchemaOf } from '../../src/platform/openapi/openapi-document.ts';
import { violationOf } from '../../src/platform/openapi/response-check.ts';
import { contractedRoutes } from '../../src/platform/openapi/route-registry.ts';
import { paymentMethods } from '../../src/services.ts';

const config = parseConfig({});
const contracts = async () => contractedRoutes(await routesOf(config)).map((route) => route.contract);

/** Where a zod schema refuses a value, as `path: message` lines (empty when it accepts it). */
const refusals = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the OpenAPI document, as API tooling reads it', () => {
  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate({ ...(await apiDocumentOf(config)) });
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is the committed src/generated/openapi.json, which the typed client is generated from', async () => {
    // `npm run codegen` writes it; `npm run codegen:check` fails when a contract changed without it.
    const committed = JSON.parse(readFileSync('src/generated/openapi.json', 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(await apiDocumentOf(config))));
  });

  it('groups the operations under described tags', async () => {
    const document = (await apiDocumentOf(config)) as any;
    expect(document.tags.filter((tag: { description?: string }) => !tag.description)).toEqual([]);
  });

  it('names every operation once', async () => {
    const ids = (await contracts()).map((contract) => contract.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('describes Basic auth, the session cookie, Idempotency-Key on every POST with a key, and the error body', async () => {
    const document = (await apiDocumentOf(config)) as any;
    expect(document.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(document.components.securitySchemes.portalSession).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(Object.keys(document.components.schemas.Error.properties.error.properties)).toEqual([
      'status',
      'type',
      'value',
      'fields',
    ]);
    const create = document.paths['/v1/orders/'].post;
    expect(create.security).toEqual([{ basicAuth: [] }]);
    expect(create.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }),
    );
    expect(create.responses['201'].headers.Location).toBeDefined();
    expect(create.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    // The JSON search answer never has Content-Disposition: only the CSV report, so it is not required.
    const searched = document.paths['/v1/search/orders/'].post.responses['200'].headers;
    expect(searched['Content-Disposition']).toMatchObject({ description: expect.stringContaining('csv') });
    expect(searched['Content-Disposition'].required).toBeUndefined();
    const execute =
      document.paths['/pay/{order_id}/select-payment-method/wallet-a-pay/{transaction_id}/'].post;
    expect(execute.security).toEqual([]);
  });
});

describe('the examples of every route contract, as shown on the reference page', () => {
  it('are accepted by the request schema they illustrate', async () => {
    const refused: string[] = [];
    for (const contract of await contracts()) {
      const schema = bodySchemaOf(contract, { paymentMethods });
      for (const [name, example] of Object.entries(contract.body?.examples ?? {})) {
        for (const problem of refusals(schema!, example.value))
          refused.push(`${contract.operationId} ${name}: ${problem}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('are accepted by the response schema they illustrate', async () => {
    const refused: string[] = [];
    for (const contract of await contracts()) {
      for (const [name, example] of Object.entries(contract.success?.examples ?? {})) {
        for (const problem of refusals(contract.success!.schema!, example.value))
          refused.push(`${contract.operationId} ${name}: ${problem}`);
      }
      for (const error of errorsOf(contract)) {
        const body = { error: { status: error.status, type: error.type, value: error.value ?? error.when } };
        for (const problem of refusals(
          errorBodySchema,
          error.fields ? { error: { ...body.error, fields: error.fields } } : body,
        ))
          refused.push(`${contract.operationId} ${error.status} ${error.type}: ${problem}`);
      }
    }
    expect(refused).toEqual([]);
  });
});

describe('the response check that holds every answer in the tests to its route contract', () => {
  const contract: RouteContract = defineContract({
    method: 'POST',
    path: '/v1/things/',
    operationId: 'createThing',
    summary: 'Create a thing',
    tags: ['Things'],
    auth: 'api_key',
    success: {
      status: 201,
      description: 'The thing.',
      schema: z.strictObject({ id: z.uuid(), amount: z.int() }),
    },
    errors: [{ status: 404, type: 'not_found', when: 'No such thing' }],
  });
  const reply = (statusCode: number, headers: Record<string, string> = {}) =>
    ({
      statusCode,
      getHeader: (name: string) => headers[name.toLowerCase()],
    }) as unknown as FastifyReply;
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const created = { ...json, location: 'http://127.0.0.1/v1/things/1/' };
  const thing = JSON.stringify({ id: '5b2e7c1d-9f3a-4e8b-a6c4-2d7f1e9b3a5c', amount: 1500 });
  const error = (status: number, type: string) => JSON.stringify({ error: { status, type, value: 'No.' } });

  it('accepts a declared answer: the success body its schema accepts, a declared or common error', () => {
    expect(violationOf(contract, reply(201, created), thing)).toBeNull();
    expect(violationOf(contract, reply(404, json), error(404, 'not_found'))).toBeNull();
    const challenge = { ...json, 'www-authenticate': 'Basic realm="payments"' };
    expect(violationOf(contract, reply(401, challenge), error(401, 'unauthorized'))).toBeNull();
    expect(violationOf(contract, reply(400, json), error(400, 'invalid_request'))).toBeNull();
  });

  it('refuses a field the response schema does not know, and a wrong type', () => {
    const extra = JSON.stringify({ ...JSON.parse(thing), colour: 'red' });
    expect(violationOf(contract, reply(201, created), extra)).toContain('colour');
    const wrong = JSON.stringify({ ...JSON.parse(thing), amount: '1500' });
    expect(violationOf(contract, reply(201, created), wrong)).toContain('amount');
  });

  it('refuses a 201 without Location, an undeclared status and an undeclared error type', () => {
    expect(violationOf(contract, reply(201, json), thing)).toBe('a 201 without a Location header');
    expect(violationOf(contract, reply(200, json), thing)).toBe('a status the contract does not declare');
    expect(violationOf(contract, reply(410, json), error(410, 'gone'))).toBe(
      'an error status the contract does not declare',
    );
    expect(violationOf(contract, reply(404, json), error(404, 'order_missing'))).toContain(
      'error type "order_missing"',
    );
    expect(violationOf(contract, reply(404, json), error(400, 'not_found'))).toContain('status is 400');
  });

  it('refuses an answer without a header the document declares for it', () => {
    expect(violationOf(contract, reply(401, json), error(401, 'unauthorized'))).toBe(
      'a 401 without WWW-Authenticate',
    );
    const report = defineContract({
      ...contract,
      method: 'GET',
      success: {
        status: 200,
        description: 'The report.',
        schema: z.strictObject({ id: z.uuid(), amount: z.int() }),
        alternatives: { 'text/csv': { description: 'CSV.', example: 'id\r\n' } },
        headers: {
          'X-Report-Id': { description: 'Always.' },
          'Content-Disposition': { description: 'With the CSV only.', mediaType: 'text/csv' },
        },
      },
    });
    const csv = { 'content-type': 'text/csv; charset=utf-8' };
    // The JSON answer has no Content-Disposition, and the document does not require one of it.
    expect(violationOf(report, reply(200, { ...json, 'x-report-id': '1' }), thing)).toBeNull();
    expect(violationOf(report, reply(200, json), thing)).toBe(
      'a success answer without its declared header X-Report-Id',
    );
    expect(violationOf(report, reply(200, { ...csv, 'x-report-id': '1' }), 'id\r\n')).toBe(
      'a success answer without its declared header Content-Disposition',
    );
    expect(
      violationOf(
        report,
        reply(200, { ...csv, 'x-report-id': '1', 'content-disposition': 'attachment' }),
        '',
      ),
    ).toBeNull();
  });

  it('leaves 5xx answers to the tests that provoke them', () => {
    expect(violationOf(contract, reply(500, json), error(500, 'internal_error'))).toBeNull();
  });
});
