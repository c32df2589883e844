import Fastify from 'fastify';
import { DomainError } from '../../src/platform/errors/domain-error.ts';
import { registerAuthentication } from '../../src/platform/http/authentication.ts';

const REFUSED = new DomainError('unauthorized', 'unauthorized', 'A valid API key is required');
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** A keyed route whose refusals at once are counted: how often the credentials were decoded and looked up. */
async function keyedServer(refusedHeaders: { ttlMs: number; size: number }) {
  const app = Fastify();
  const looked: string[] = [];
  app.decorate('countAuthFailure', () => null);
  registerAuthentication(app, {
    apiKey: async () => {
      throw REFUSED;
    },
    apiKeyRefusedAtOnce: (credential) => {
      looked.push(credential.apiKey);
      return credential.apiKey.startsWith('known_') ? null : REFUSED;
    },
    session: async () => null,
    refusedHeaders,
  });
  app.get('/keyed/', { config: { contract: { auth: 'api_key' } } } as never, () => ({ ok: true }));
  await app.ready();
  const get = (authorization?: string) =>
    app.inject({ method: 'GET', url: '/keyed/', headers: authorization ? { authorization } : {} });
  return { app, looked, get };
}

describe('an Authorization header refused at once', () => {
  it('is answered from memory the next times: decoded and looked up once, the same 401 every time', async () => {
    const { app, looked, get } = await keyedServer({ ttlMs: 60_000, size: 100 });
    const answers = [await get(basic('made_up')), await get(basic('made_up')), await get(basic('made_up'))];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.every((answer) => String(answer.headers['www-authenticate']).startsWith('Basic'))).toBe(
      true,
    );
    expect(looked).toEqual(['made_up']);
    await app.close();
  });

  it('is not remembered when the key was not refused at once (the route decides), nor without a header', async () => {
    const { app, looked, get } = await keyedServer({ ttlMs: 60_000, size: 100 });
    await get(basic('known_key'));
    await get(basic('known_key'));
    expect((await get()).statusCode).toBe(401);
    expect(looked).toEqual(['known_key', 'known_key']);
    await app.close();
  });

  it('is not remembered when longer than any key’s credentials (a flood of large headers holds no memory)', async () => {
    const { app, looked, get } = await keyedServer({ ttlMs: 60_000, size: 100 });
    const long = `made_up_${'x'.repeat(200)}`;
    expect((await get(basic(long))).statusCode).toBe(401);
    expect((await get(basic(long))).statusCode).toBe(401);
    expect(looked).toEqual([long, long]);
    await app.close();
  });

  it('is looked up every time when the credential cache is off (TTL 0)', async () => {
    const { app, looked, get } = await keyedServer({ ttlMs: 0, size: 100 });
    await get(basic('made_up'));
    await get(basic('made_up'));
    expect(looked).toEqual(['made_up', 'made_up']);
    await app.close();
  });

  it('is forgotten once its time is up', async () => {
    const { app, looked, get } = await keyedServer({ ttlMs: 50, size: 100 });
    await get(basic('made_up'));
    await new Promise((resolve) => setTimeout(resolve, 120));
    await get(basic('made_up'));
    expect(looked).toEqual(['made_up', 'made_up']);
    await app.close();
  });
});
