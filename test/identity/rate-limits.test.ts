import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { requestFrom } from '../helpers/client-address.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { SESSIONS_SEND_ANY_DOCUMENT } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('rate limits', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      ...SESSIONS_SEND_ANY_DOCUMENT,
      RATE_LIMIT_PER_CREDENTIAL: '30',
      RATE_LIMIT_AUTH_FAILURES: '20',
      RATE_LIMIT_PAGE_FORMS: '5',
    });
  });
  afterAll(() => app.stop());

  const expect429 = (response: { status: number; headers: Headers; body: unknown }) => {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(60 * 15);
    expect(response.body).toMatchObject({ error: { status: 429, type: 'rate_limited' } });
  };

  it('limits each API key on its own', async () => {
    const [first, second] = [await seedProject(app), await seedProject(app)];
    const api = restClient(app.baseUrl, first.apiKey);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await api.post('/v1/orders/', buildOrder())).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect429(await api.post('/v1/orders/', buildOrder()));
    expect((await restClient(app.baseUrl, second.apiKey).post('/v1/orders/', buildOrder())).status).toBe(201);
  });

  it('answers a burst of bad keys with 401s, then 429 with Retry-After for that address', async () => {
    const from = '127.0.2.1';
    const order = `${app.baseUrl}/v1/orders/00000000-0000-4000-8000-000000000000/`;
    const bad = { authorization: basicAuth('sk_test_00000000000000000000000000000000') };
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await requestFrom(from, order, { headers: bad })).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    // Until the window ends, the address gets 429 whatever it sends: its credentials are not even looked at.
    const valid = await seedProject(app);
    const refused = await requestFrom(from, `${app.baseUrl}/v1/orders/`, {
      method: 'POST',
      headers: { authorization: basicAuth(valid.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify(buildOrder()),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { status: 429, type: 'rate_limited' } });
    // Another address is not concerned.
    expect((await restClient(app.baseUrl, valid.apiKey).post('/v1/orders/', buildOrder())).status).toBe(201);
  });

  describe('a made-up credential changes nothing: pages and links are counted per address', () => {
    const headerForms: [string, Record<string, string>][] = [
      ['no credential', {}],
      ['Authorization: Basic Zm9vOg==', { authorization: 'Basic Zm9vOg==' }],
      ['a made-up session cookie', { cookie: 'portal_session=x' }],
      ['a made-up __Host- session cookie', { cookie: '__Host-portal_session=x' }],
      ['a well-formed unknown key', { authorization: basicAuth('sk_test_00000000000000000000000000000001') }],
    ];

    it.each(headerForms.map(([name, headers], index) => [name, headers, index] as const))(
      'opens a payment link 5 times a minute per address, then 429, with %s',
      async (_name, headers, index) => {
        const project = await seedProject(app);
        const { body: link } = await restClient(app.baseUrl, project.apiKey).post<{ url: string }>(
          '/v1/payment-links/',
          { amount: 900, currency: 'EUR' },
        );
        const from = `127.0.3.${index + 1}`;
        const statuses: number[] = [];
        for (let i = 0; i < 8; i++) statuses.push((await requestFrom(from, link.url, { headers })).status);
        expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
        expect(statuses.slice(5)).toEqual([429, 429, 429]);
        // The address's limit is its own: another address opens the link at once.
        expect((await requestFrom(`127.0.4.${index + 1}`, link.url, { headers })).status).not.toBe(429);
      },
    );

    it.each(headerForms.map(([name, headers], index) => [name, headers, index] as const))(
      "limits the card form's posts per address, then 429, with %s",
      async (_name, headers, index) => {
        const project = await seedProject(app);
        const { body: order } = await restClient(app.baseUrl, project.apiKey).post<{ id: string }>(
          '/v1/orders/',
          buildOrder(),
        );
        const from = `127.0.5.${index + 1}`;
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) {
          const response = await requestFrom(from, `${app.baseUrl}/pay/${order.id}/card`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
            body: '_csrf=x&number=4111111111111111',
          });
          statuses.push(response.status);
          if (response.status === 429) expect(response.headers['retry-after']).toBeTruthy();
        }
        expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
        expect(statuses.slice(5)).toEqual([429, 429]);
      },
    );
  });

  it('counts a signed-in user per session, after the session is checked', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId, 'viewer');
    const signedIn = await fetch(`${app.baseUrl}/portal/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const { csrf_token: csrf } = (await signedIn.json()) as { csrf_token: string };
    const viewer = () =>
      fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
        body: JSON.stringify({ query: '{ viewer { role } }' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await viewer()).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
