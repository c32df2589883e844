import Fastify, { type FastifyInstance } from 'fastify';
import { parseConfig } from '../../src/config/index.ts';
import { formToken, registerPageScope } from '../../src/modules/hosted-pages/page-scope.ts';

/**
 * The cookies of a page scope under an https base URL with a path (`https://pay.example/gateway`), on a bare
 * Fastify with the scope and two stand-in routes: a page with a form, and a post that starts a payment.
 */
async function pagesUnder(baseUrl: string): Promise<FastifyInstance> {
  const config = parseConfig({
    NODE_ENV: 'test',
    BASE_URL: baseUrl,
    DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
    VAULT_ENCRYPTION_KEYS: 'test1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    IDEMPOTENCY_SECRET: 'test-idempotency-secret-of-32-characters',
  });
  const app = Fastify();
  await app.register(async (pages) => {
    await registerPageScope(pages, config);
    pages.get<{ Params: { orderId: string } }>('/pay/:orderId/', async (request, reply) => ({
      token: formToken(reply, { order: request.params.orderId }),
    }));
    pages.post<{ Params: { orderId: string } }>(
      '/pay/:orderId/card',
      { preHandler: pages.csrfProtection },
      async (request, reply) => {
        const payer = pages.payers.forNewAttempt(request);
        pages.payers.keep(reply, payer);
        return { hash: payer.hash };
      },
    );
  });
  await app.ready();
  return app;
}

const ORDER = '5b0c8a43-7d2e-4c1b-9a55-3f4e8d2c1a10';

/** The order page, as a browser opens it: its Set-Cookie header, the CSRF cookie to send back, its form token. */
async function openPage(app: FastifyInstance) {
  const page = await app.inject({ method: 'GET', url: `/pay/${ORDER}/` });
  const csrfCookie = String(page.headers['set-cookie']);
  return { csrfCookie, csrf: csrfCookie.split(';')[0]!, token: page.json().token as string };
}

/** The card form's post with the page's token, sending `cookie`. */
function postCard(app: FastifyInstance, cookie: string, token: string) {
  return app.inject({
    method: 'POST',
    url: `/pay/${ORDER}/card`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ _csrf: token }).toString(),
  });
}

describe('the cookies of the customer pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await pagesUnder('https://pay.example/gateway');
  });
  afterAll(() => app.close());

  it('sets the CSRF cookie, and the payer cookie of a payment started, HttpOnly, Secure, SameSite=Lax, for the base path', async () => {
    const { csrfCookie, csrf, token } = await openPage(app);
    expect(csrfCookie).toMatch(/^__Secure-csrf=/);
    for (const attribute of ['Path=/gateway/', 'HttpOnly', 'Secure', 'SameSite=Lax']) {
      expect(csrfCookie.split('; ')).toContain(attribute);
    }
    const posted = await postCard(app, csrf, token);
    expect(posted.statusCode).toBe(200);
    const payer = String(posted.headers['set-cookie']);
    expect(payer).toMatch(/^__Secure-payer=[A-Za-z0-9_-]{43}; /);
    for (const attribute of ['Max-Age=2678400', 'Path=/gateway/', 'HttpOnly', 'Secure', 'SameSite=Lax']) {
      expect(payer.split('; ')).toContain(attribute);
    }
    // What is kept with the attempt is a keyed hash, not the cookie's value.
    const value = payer.split(';')[0]!.slice('__Secure-payer='.length);
    expect(posted.json().hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(posted.json().hash).not.toBe(value);
  });

  it('keeps the payer token a browser already has, and the hash stays the same', async () => {
    const { csrf, token } = await openPage(app);
    const first = await postCard(app, csrf, token);
    const payer = String(first.headers['set-cookie']).split(';')[0]!;
    const second = await postCard(app, `${csrf}; ${payer}`, token);
    expect(String(second.headers['set-cookie']).split(';')[0]).toBe(payer);
    expect(second.json().hash).toBe(first.json().hash);
  });

  it('does not take a payer token from a cookie without the prefix, which a sibling subdomain or a plain-http page could have planted', async () => {
    const { csrf, token } = await openPage(app);
    const planted = 'A'.repeat(43);
    const posted = await postCard(app, `${csrf}; _payer=${planted}`, token);
    const given = String(posted.headers['set-cookie']).split(';')[0]!;
    expect(given).toMatch(/^__Secure-payer=[A-Za-z0-9_-]{43}$/);
    expect(given.slice('__Secure-payer='.length)).not.toBe(planted);
  });
});

describe('the cookies of customer pages at the root of an https host', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await pagesUnder('https://pay.example');
  });
  afterAll(() => app.close());

  it('are __Host- cookies: Secure, host-only and for the whole path', async () => {
    const { csrfCookie, csrf, token } = await openPage(app);
    expect(csrfCookie).toMatch(/^__Host-csrf=/);
    const posted = await postCard(app, csrf, token);
    expect(posted.statusCode).toBe(200);
    const payer = String(posted.headers['set-cookie']).split('; ');
    expect(payer[0]).toMatch(/^__Host-payer=[A-Za-z0-9_-]{43}$/);
    for (const attribute of ['Path=/', 'Secure']) expect(payer).toContain(attribute);
    expect(payer.some((attribute) => attribute.startsWith('Domain='))).toBe(false);
  });
});
