import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { basicAuth } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** A made-up key of the right shape (nobody holds it). */
const unknownKey = (n: number) => `sk_test_${String(n).padStart(32, 'E')}`;

/** Everything a client receives but the date: status, every header in order, the body's bytes. */
async function exchange(baseUrl: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${path}`, init);
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => name !== 'date'),
    body: await response.text(),
  };
}

/**
 * A REST route that needs an API key refuses a key known to be bad (missing, malformed, remembered as unknown)
 * in a preHandler, before the route runs (platform/http/authentication.ts): the answer must be the one the
 * route itself gives when it has to look the key up, byte for byte, and come after the same checks.
 */
describe('the early refusal of a known-bad API key', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
  });
  afterAll(() => app.stop());

  const get = (authorization?: string, extra: Record<string, string> = {}) =>
    exchange(app.baseUrl, '/v1/orders/8c1f8d9e-4b7a-4f57-9d1e-2a3b4c5d6e7f/', {
      headers: { 'x-request-id': 'early-refusal', ...(authorization ? { authorization } : {}), ...extra },
    });

  it('answers a remembered unknown key with the bytes of the first refusal, which looked it up', async () => {
    const first = await get(basicAuth(unknownKey(1)));
    const repeats = [await get(basicAuth(unknownKey(1))), await get(basicAuth(unknownKey(1)))];
    expect(first).toEqual({
      status: 401,
      headers: [
        ['connection', 'keep-alive'],
        ['content-length', String(Buffer.byteLength(first.body))],
        ['content-type', 'application/json; charset=utf-8'],
        ['keep-alive', expect.any(String)],
        ['www-authenticate', 'Basic realm="payments", charset="UTF-8"'],
        ['x-request-id', 'early-refusal'],
      ],
      body: '{"error":{"status":401,"type":"unauthorized","value":"A valid API key is required as the Basic auth user name"}}',
    });
    for (const repeat of repeats) expect(repeat).toEqual(first);
  });

  it("gives a page's own script the challenge no browser acts on, as the route does", async () => {
    const scripted = { 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin' };
    const answer = await get(basicAuth(unknownKey(1)), scripted);
    expect(answer.status).toBe(401);
    expect(answer.headers).toContainEqual(['www-authenticate', 'Cookie realm="payments"']);
    expect((await get(undefined, scripted)).headers).toContainEqual([
      'www-authenticate',
      'Cookie realm="payments"',
    ]);
  });

  it('refuses missing, malformed and password-carrying credentials with the body the route gives', async () => {
    const missing = await get();
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.body)).toEqual({
      error: {
        status: 401,
        type: 'unauthorized',
        value: 'Authenticate with HTTP Basic auth: the API key as user name and an empty password',
      },
    });
    expect(await get('Bearer abc')).toEqual(missing);
    expect(await get(`Basic ${Buffer.from(`${unknownKey(1)}:secret`).toString('base64')}`)).toEqual(missing);
    const malformed = await get(basicAuth('sk_test_short'));
    expect(malformed).toEqual(await get(basicAuth(unknownKey(1))));
  });

  it('keeps a bad body answered before the key, remembered or not', async () => {
    const post = (apiKey: string, body: string, contentType = 'application/json') =>
      exchange(app.baseUrl, '/v1/orders/', {
        method: 'POST',
        headers: { authorization: basicAuth(apiKey), 'content-type': contentType },
        body,
      });
    const fresh = unknownKey(2);
    expect((await post(fresh, '{"amount":')).status).toBe(400);
    expect((await post(fresh, JSON.stringify(buildOrder()))).status).toBe(401);
    // Now remembered as unknown: the body's problems still come first.
    expect(JSON.parse((await post(fresh, '{"amount":')).body).error.type).toBe('malformed_json');
    expect((await post(fresh, 'amount=1', 'text/plain')).status).toBe(415);
    expect((await post(fresh, JSON.stringify(buildOrder()))).status).toBe(401);
  });

  it('lets a working key through, and routes without a key are untouched', async () => {
    const project = await seedProject(app);
    const created = await exchange(app.baseUrl, '/v1/orders/', {
      method: 'POST',
      headers: { authorization: basicAuth(project.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify(buildOrder()),
    });
    expect(created.status).toBe(201);
    expect((await exchange(app.baseUrl, '/health/live')).status).toBe(200);
    // GET /v1/orders/ needs no key: it points a client at the search whatever the credentials.
    const list = await exchange(app.baseUrl, '/v1/orders/', {
      headers: { authorization: basicAuth(unknownKey(1)) },
    });
    expect(list.status).not.toBe(401);
  });
});
