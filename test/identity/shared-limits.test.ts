import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { requestFrom, signInFrom } from '../helpers/client-address.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const LIMITS = {
  RATE_LIMIT_PER_CREDENTIAL: '20',
  RATE_LIMIT_AUTH_FAILURES: '12',
  RATE_LIMIT_PAGE_FORMS: '10',
  RATE_LIMIT_SIGN_IN_PER_ADDRESS: '9',
};

describe('rate limits across two server processes on one database', () => {
  let processA: TestApp;
  let processB: ServerProcess;
  let bases: [string, string];

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    [processA, processB] = await Promise.all([
      startTestApp({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false', ...LIMITS }),
      startServerProcess({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false', ...LIMITS }),
    ]);
    bases = [processA.baseUrl, processB.baseUrl];
  });
  afterAll(async () => {
    await processB.kill('SIGTERM');
    await processA.stop();
  });

  /** The i-th request goes to A, the next to B, and so on: a load balancer's round robin. */
  const alternate = (i: number) => bases[i % 2]!;

  it('holds an API key to its limit, not twice it', async () => {
    const project = await seedProject(processA);
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) {
      statuses.push(
        (await restClient(alternate(i), project.apiKey).post('/v1/orders/', buildOrder())).status,
      );
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(Array(6).fill(429));
  });

  it('holds an address to the payment link limit, whichever process answers', async () => {
    const project = await seedProject(processA);
    const { body: link } = await restClient(processA.baseUrl, project.apiKey).post<{ id: string }>(
      '/v1/payment-links/',
      { amount: 300, currency: 'EUR' },
    );
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      statuses.push((await requestFrom('127.0.11.1', `${alternate(i)}/link/${link.id}/`)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });

  it('holds an address to the refused-authentication limit, whichever process answers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const response = await requestFrom('127.0.11.2', `${alternate(i)}/v1/events/`, {
        headers: { authorization: basicAuth('sk_test_00000000000000000000000000000002') },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(401));
    expect(statuses.slice(12)).toEqual([429, 429, 429, 429]);
  });

  it('holds an address to the sign-in limit, whichever process answers', async () => {
    const project = await seedProject(processA);
    const users = await Promise.all(Array.from({ length: 11 }, () => seedUser(processA, project.projectId)));
    const statuses: number[] = [];
    for (const [i, user] of users.entries()) {
      statuses.push((await signInFrom('127.0.11.3', alternate(i), user.email, user.password)).status);
    }
    expect(statuses).toEqual([...Array(9).fill(200), 429, 429]);
  });
});
