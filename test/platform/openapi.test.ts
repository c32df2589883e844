import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { pathPrefixOf } from '../../src/config/index.ts';
import { openApiPath } from '../../src/platform/openapi/openapi-document.ts';
import { seedProject } from '../factories/project.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Operation = { security?: Record<string, string[]>[]; responses: Record<string, unknown> };
type Document = { servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('GET /openapi.json on a running server', () => {
  let app: TestApp;
  let apiKey: string;
  let document: Document;

  beforeAll(async () => {
    app = await startTestApp();
    ({ apiKey } = await seedProject(app));
    document = (await restClient(app.baseUrl).get<Document>('/openapi.json')).body;
  });
  afterAll(() => app?.stop());

  it('serves a valid OpenAPI 3.1 document for this server, readable from any origin, without a key', async () => {
    const response = await fetch(`${app.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const served = (await response.json()) as Record<string, unknown>;
    expect(await new Validator().validate(served)).toEqual({ valid: true });
    expect(served.servers).toEqual([{ url: app.baseUrl }]);
  });

  it('documents exactly the operations of the committed document the typed client is generated from', () => {
    const committed = JSON.parse(readFileSync('src/generated/openapi.json', 'utf8')) as Document;
    expect(document.paths).toEqual(committed.paths);
  });

  it('documents every route registered under the API prefixes', () => {
    const { config } = app.runtime.services;
    const api = [
      /^\/v1\//,
      new RegExp(`^${pathPrefixOf(config.tokenVaultUrl)}/v1/`),
      new RegExp(`^${pathPrefixOf(config.walletBTokenUrl)}/`),
      new RegExp(`^${pathPrefixOf(config.merchantPortalUrl)}/session$`),
      /^\/pay\/:orderId\/select-payment-method\//,
    ];
    const registered = app.runtime.app.registeredRoutes.filter((route) =>
      api.some((re) => re.test(route.url)),
    );
    expect(registered.length).toBeGreaterThanOrEqual(20);
    const undocumented = registered
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented).toEqual([]);
    // Each has its contract, so its answers are checked against the document in every test that calls it.
    expect(registered.filter((route) => !route.contract).map((route) => route.url)).toEqual([]);
  });

  it('answers every documented operation on its documented path, with a status the document declares', async () => {
    const problems: string[] = [];
    let answered = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item).filter(([key]) => METHODS.includes(key))) {
        const url = path.replace(/\{[a-z_]+\}/g, () => randomUUID());
        const withKey = operation.security?.some((scheme) => 'basicAuth' in scheme);
        const response = await fetch(`${app.baseUrl}${url}`, {
          method: method.toUpperCase(),
          headers: {
            ...(withKey ? { authorization: basicAuth(apiKey) } : {}),
            ...(method === 'get' || method === 'delete' ? {} : { 'content-type': 'application/json' }),
          },
          body: method === 'get' || method === 'delete' ? undefined : '{}',
        });
        const text = await response.text();
        answered += 1;
        const said = `${method.toUpperCase()} ${path} answered ${response.status} ${text.slice(0, 200)}`;
        // Fastify's not-found handler says "No route"; a route that exists answers its own 404 (not_found).
        if (text.includes('No route')) problems.push(said);
        else if (!(String(response.status) in operation.responses)) problems.push(said);
      }
    }
    expect(problems).toEqual([]);
    expect(answered).toBeGreaterThanOrEqual(20);
    expect(app.logs.join('')).not.toContain('contract violation');
  });
});
