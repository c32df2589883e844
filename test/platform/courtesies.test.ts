import { Writable } from 'node:stream';
import { createLogger } from '../../src/platform/http/logger.ts';
import { buildOrder } from '../factories/order.ts';
import { createCardOrder, payOwnCheckoutOrder, storeCard, vaultUrlOf } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type HttpResult, type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

describe('small courtesies of the REST face', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  /** Follows a 201's Location with the API key and expects the very resource the 201 returned. */
  const followLocation = async (created: HttpResult<Json>, idField: string) => {
    expect(created.status).toBe(201);
    const location = created.headers.get('location');
    expect(location).toEqual(expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/.+\/$/));
    const read = await restClient('', project.apiKey).get<Json>(location!);
    expect(read.status).toBe(200);
    expect(read.body[idField]).toBe(created.body[idField]);
    return location!;
  };

  describe('every 201 names what it created in Location', () => {
    it('an order', async () => {
      const created = await api.post<Json>('/v1/orders/', buildOrder());
      expect(await followLocation(created, 'id')).toBe(`${app.baseUrl}/v1/orders/${created.body.id}/`);
    });

    it('a refund order', async () => {
      const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1000 });
      await followLocation(await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, { amount: 100 }), 'id');
    });

    it('a capture order and a void order', async () => {
      const path = (order: Json, kind: string) =>
        `/v1/orders/${order.id}/transactions/${order.transactions[0].id}/${kind}/`;
      const toCapture = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { captureMode: 'manual' });
      await followLocation(await api.post<Json>(path(toCapture, 'captures'), {}), 'id');
      const toVoid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { captureMode: 'manual' });
      await followLocation(await api.post<Json>(path(toVoid, 'voids')), 'id');
    });

    it('a stored card, whose record the vault then answers (and only to its own project)', async () => {
      const order = await createCardOrder(app.baseUrl, project.apiKey);
      const stored = await storeCard(app, project.apiKey, {
        setupToken: order.transactions[0].payment_method_details.setup_token,
      });
      const location = await followLocation(stored, 'vault_token');
      expect(location).toBe(`${vaultUrlOf(app)}/v1/cards/${stored.body.vault_token}/`);
      expect((await restClient('', project.apiKey).get(location)).body).toEqual(stored.body);
      const other = await seedProject(app);
      const theirs = await restClient('', other.apiKey).get(location);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toMatchObject({ error: { type: 'not_found', value: 'Vault token not found' } });
    });
  });

  it('answers GET /v1/orders/ with a 404 that points at the search', async () => {
    for (const path of ['/v1/orders/', '/v1/orders']) {
      const response = await api.get<Json>(path);
      expect(response.status).toBe(404);
      expect(response.body.error.type).toBe('not_found');
      expect(response.body.error.value).toContain('POST /v1/search/orders/');
    }
  });

  it('writes one line per request, with its id once', async () => {
    await api.get('/v1/orders/00000000-0000-4000-8000-000000000000/', { 'x-request-id': 'courtesy-1' });
    const lines = app.logs.filter((line) => line.includes('courtesy-1'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.match(/"reqId"/g)).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'courtesy-1', msg: 'request', status: 404 });
  });
});

describe('log output', () => {
  /** A stand-in for standard output; `isTTY` as a terminal (or a pipe) reports it. */
  function output(isTTY: boolean) {
    const chunks: string[] = [];
    const stream = Object.assign(
      new Writable({
        write(chunk, _encoding, done) {
          chunks.push(chunk.toString());
          done();
        },
      }),
      { isTTY },
    );
    return { stream, text: () => chunks.join('') };
  }

  it('is human-readable in development when a person watches a terminal', async () => {
    const out = output(true);
    (await createLogger({ env: 'development', logLevel: 'info' }, out.stream)).info(
      { status: 201 },
      'request',
    );
    expect(out.text()).toMatch(/INFO.*request/);
    expect(() => JSON.parse(out.text())).toThrow();
  });

  it('is one JSON object per line when written to a pipe or a file, and always in production', async () => {
    for (const [env, isTTY] of [
      ['development', false],
      ['production', true],
    ] as const) {
      const out = output(isTTY);
      (await createLogger({ env, logLevel: 'info' }, out.stream)).info({ status: 201 }, 'request');
      expect(JSON.parse(out.text())).toMatchObject({ level: 30, msg: 'request', status: 201 });
    }
  });
});
