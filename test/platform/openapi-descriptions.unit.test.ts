import { apiDocumentOf } from '../../src/api-document.ts';
import { parseConfig } from '../../src/config/index.ts';

/**
 * The API reference explains itself: every property of every request and response body of `/openapi.json`,
 * every parameter and every declared header has a description (what it is, its unit or format, its limits,
 * the spec section), so the reference page never shows a bare "Integer numbers.".
 */
type Schema = {
  $ref?: string;
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; in: string; description?: string; schema?: Schema };
type Media = { schema?: Schema };
type Response = { content?: Record<string, Media>; headers?: Record<string, { description?: string }> };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const config = parseConfig({});

/** Every place in the document that should say what it is and has nothing to say it. */
function undescribed(document: Document): string[] {
  const missing: string[] = [];
  const visited = new Set<string>();
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? (document.components.schemas[schema.$ref.split('/').at(-1)!] ?? {}) : schema;
  const described = (schema: Schema) => Boolean(schema.description ?? resolve(schema).description);

  const walk = (schema: Schema | undefined, at: string): void => {
    if (!schema) return;
    if (schema.$ref) {
      if (visited.has(schema.$ref)) return;
      visited.add(schema.$ref);
      walk(resolve(schema), schema.$ref.replace('#/components/schemas/', ''));
      return;
    }
    for (const [index, part] of [
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
      ...(schema.allOf ?? []),
    ].entries())
      walk(part, `${at}|${index}`);
    walk(schema.items, `${at}[]`);
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${at}.*`);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (!described(property)) missing.push(`${at}.${name}`);
      walk(property, `${at}.${name}`);
    }
  };

  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.description && !(parameter.schema && described(parameter.schema)))
          missing.push(`${name} ${parameter.in} parameter ${parameter.name}`);
      }
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {}))
        walk(media.schema, `${name} request ${type}`);
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [header, declared] of Object.entries(response.headers ?? {}))
          if (!declared.description) missing.push(`${name} ${status} header ${header}`);
        for (const [type, media] of Object.entries(response.content ?? {}))
          walk(media.schema, `${name} ${status} ${type}`);
      }
    }
  }
  return missing;
}

describe('the OpenAPI document explains every field', () => {
  it('describes every property of every request and response body, every parameter and every header', async () => {
    const document = (await apiDocumentOf(config)) as unknown as Document;
    expect(undescribed(document)).toEqual([]);
  });

  it('finds a property without a description (the walk itself works)', () => {
    const document: Document = {
      paths: {
        '/x/': {
          post: {
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/X' } } } },
            responses: {},
          },
        },
      },
      components: {
        schemas: {
          X: {
            properties: {
              said: { description: 'Said.' },
              nested: { description: 'A list.', items: { properties: { bare: {} } } },
            },
          },
        },
      },
    };
    expect(undescribed(document)).toEqual(['X.nested[].bare']);
  });

  it('says what a create-order amount is: minor units, with its limits and spec section', async () => {
    const document = (await apiDocumentOf(config)) as any;
    const body = document.paths['/v1/orders/'].post.requestBody.content['application/json'].schema;
    const amount = (body.$ref ? document.components.schemas[body.$ref.split('/').at(-1)] : body).properties
      .amount;
    expect(amount.description).toMatch(/minor units/);
    expect(amount.description).toMatch(/4\.1/);
  });
});
