import { ensurePortalBuilt } from '../../portal/build.ts';
import { PORTAL_CONTENT_SECURITY_POLICY } from '../../src/platform/http/portal.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** What a browser's fetch from one of our own pages sends (scripts cannot set these; browsers do). */
const FROM_OWN_PAGE = {
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
};

describe('the merchant portal is served by the gateway at MERCHANT_PORTAL_URL', () => {
  let app: TestApp;

  beforeAll(async () => {
    await ensurePortalBuilt('/portal/');
    app = await startTestApp();
  }, 120_000);
  afterAll(() => app?.stop());

  const get = (path: string, headers: Record<string, string> = { accept: 'text/html' }) =>
    fetch(`${app.baseUrl}${path}`, { headers });

  it('answers the app at /portal/ with a strict CSP and no-store', async () => {
    const response = await get('/portal/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toBe(PORTAL_CONTENT_SECURITY_POLICY);
    expect(PORTAL_CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(PORTAL_CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    // No inline script or style: every script and stylesheet is a file of this origin.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|style=/);
  });

  it('answers deep links with the same page (the app routes them) and the bare path too', async () => {
    for (const path of [
      '/portal',
      '/portal/orders',
      '/portal/orders/0b6d1c9e-1f0a-4a57-9d7e-2a3c1e0f5b11',
      '/portal/developers',
    ]) {
      const response = await get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets for a year, and a missing asset or a non-page request as a 404', async () => {
    const html = await (await get('/portal/')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/portal\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      const response = await get(asset, {});
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toMatch(/^(text\/javascript|text\/css|image\/svg\+xml)/);
      await response.arrayBuffer();
    }
    expect((await get('/portal/assets/index-missing.js', {})).status).toBe(404);
    expect((await get('/portal/assets/../index.html', {})).status).toBe(404);
    expect((await get('/portal/orders', { accept: 'application/json' })).status).toBe(404);
  });

  it('leaves the session endpoints to the identity module', async () => {
    const { projectId } = await seedProject(app);
    const user = await seedUser(app, projectId, 'viewer');
    const session = await signIn(app.baseUrl, user.email, user.password);
    const response = await get('/portal/session', { accept: 'application/json', cookie: session.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      user: { email: user.email },
      csrf_token: session.csrfToken,
    });
  });

  it("never sends a page's own scripts a Basic challenge, so the browser never opens a login dialog", async () => {
    const fromPage = await get('/portal/session', { accept: 'application/json', ...FROM_OWN_PAGE });
    expect(fromPage.status).toBe(401);
    expect(fromPage.headers.get('www-authenticate')).toBe('Cookie realm="payments"');
    const graphql = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...FROM_OWN_PAGE },
      body: JSON.stringify({ query: '{ viewer { role } }' }),
    });
    expect(graphql.status).toBe(401);
    expect(graphql.headers.get('www-authenticate')).not.toContain('Basic');
    // curl, servers and a browser's navigation still get the Basic challenge.
    const server = await get('/portal/session', { accept: 'application/json' });
    expect(server.headers.get('www-authenticate')).toBe('Basic realm="payments", charset="UTF-8"');
  });
});
