import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { signInFrom } from '../helpers/client-address.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('sign-in throttling', () => {
  let app: TestApp;

  beforeAll(async () => {
    // The defaults, but for the longest slowdown (10 s by default), so that the guesses below take seconds.
    app = await startTestApp({ RATE_LIMIT_SIGN_IN_MAX_DELAY: 'PT0.5S' });
  });
  afterAll(() => app.stop());

  it('cannot be used to lock a person out: 10 wrong passwords from 10 addresses, then the right one signs in', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId);
    for (let i = 1; i <= 10; i++) {
      expect(
        (await signInFrom(`127.0.6.${i}`, app.baseUrl, user.email, 'not the password at all')).status,
      ).toBe(401);
    }
    const signedIn = await signInFrom('127.0.6.100', app.baseUrl, user.email, user.password);
    expect(signedIn.status).toBe(200);
    // And again a moment later, from the person's own address: nothing locks.
    expect((await signInFrom('127.0.6.100', app.baseUrl, user.email, user.password)).status).toBe(200);
  });

  it('refuses one address that keeps failing for an e-mail address, not the person elsewhere', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await signInFrom('127.0.7.1', app.baseUrl, user.email, 'a wrong guess, again')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The right password from that address is refused too (the pair is locked for the window)…
    const locked = await signInFrom('127.0.7.1', app.baseUrl, user.email, user.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    // …but the same address may still sign in as someone else, and the person from anywhere else.
    const colleague = await seedUser(app, project.projectId);
    expect((await signInFrom('127.0.7.1', app.baseUrl, colleague.email, colleague.password)).status).toBe(
      200,
    );
    expect((await signInFrom('127.0.7.2', app.baseUrl, user.email, user.password)).status).toBe(200);
  });

  it('gets 1,000 guesses from 100 addresses nowhere: at most the ceiling are checked, the rest refused', async () => {
    const project = await seedProject(app);
    const user = await seedUser(app, project.projectId);
    const addresses = Array.from(
      { length: 100 },
      (_, i) => `127.0.${8 + Math.floor(i / 50)}.${(i % 50) + 1}`,
    );
    const statuses: number[] = [];
    // Ten rounds; in each, every address guesses once, twenty at a time.
    for (let round = 0; round < 10; round++) {
      for (let start = 0; start < addresses.length; start += 20) {
        const answers = await Promise.all(
          addresses
            .slice(start, start + 20)
            .map((from) => signInFrom(from, app.baseUrl, user.email, `guess number ${round} of ${from}`)),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
    }
    expect(statuses).toHaveLength(1000);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    // Checked guesses: the per-e-mail ceiling (100), and at most one more per guess already under way (20).
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(100);
    expect(checked).toBeLessThanOrEqual(120);
    expect(statuses.filter((status) => status === 429).length).toBe(1000 - checked);

    // Every attacking address has failed: past the ceiling, none of them is heard, the right password neither.
    expect((await signInFrom(addresses[0]!, app.baseUrl, user.email, user.password)).status).toBe(429);
    // The person, from an address without failures, signs in: slowed down by the longest delay, never refused.
    const started = Date.now();
    const signedIn = await signInFrom('127.0.20.1', app.baseUrl, user.email, user.password);
    expect(signedIn.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  }, 180_000);
});
