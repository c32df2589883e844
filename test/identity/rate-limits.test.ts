import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('rate limits', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      RATE_LIMIT_PER_CREDENTIAL: '30',
      RATE_LIMIT_AUTH_FAILURES: '20',
      RATE_LIMIT_SIGN_IN_PER_ADDRESS: '8',
      RATE_LIMIT_SIGN_IN_PER_EMAIL: '3',
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
    const bad = restClient(app.baseUrl, 'sk_test_00000000000000000000000000000000');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await bad.get('/v1/orders/00000000-0000-4000-8000-000000000000/')).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(21)).toEqual(Array(9).fill(429));
    expect429(await bad.get('/v1/orders/00000000-0000-4000-8000-000000000000/'));
    // Until the window ends, the address gets 429 whatever it sends: its credentials are not even looked at.
    const valid = await seedProject(app);
    expect429(await restClient(app.baseUrl, valid.apiKey).post('/v1/orders/', buildOrder()));
  });
});

describe('sign-in and hosted page limits', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      RATE_LIMIT_AUTH_FAILURES: '1000',
      RATE_LIMIT_SIGN_IN_PER_ADDRESS: '8',
      RATE_LIMIT_SIGN_IN_PER_EMAIL: '3',
      RATE_LIMIT_PAGE_FORMS: '5',
    });
  });
  afterAll(() => app.stop());

  it('limits sign-in attempts per e-mail address, then per client address', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId);
    const portal = restClient(app.baseUrl);
    const attempt = (email: string, password = 'wrong-password') =>
      portal.post('/portal/session', { email, password });
    for (let i = 0; i < 3; i++) expect((await attempt(user.email)).status).toBe(401);
    const limited = await attempt(user.email, user.password);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Another address is not limited by that e-mail's attempts, only by the client's own.
    for (let i = 0; i < 4; i++) expect((await attempt(`other-${i}@shop.example`)).status).toBe(401);
    expect((await attempt('one-more@shop.example')).status).toBe(429);
  });

  it("limits the hosted pages' form posts per client address", async () => {
    const project = await seedProject(app);
    const { body: order } = await restClient(app.baseUrl, project.apiKey).post<{ id: string }>(
      '/v1/orders/',
      buildOrder(),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await fetch(`${app.baseUrl}/pay/${order.id}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '_csrf=x',
        redirect: 'manual',
      });
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toBeTruthy();
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
