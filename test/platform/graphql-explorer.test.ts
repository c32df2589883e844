import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { basicAuth } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const DEV_KEY = 'pk_test_Explorer0123456789abcdefghijklmnop';

const getPage = (app: TestApp) => fetch(`${app.baseUrl}/graphql`, { headers: { accept: 'text/html' } });

/** The JSON block that configures the explorer, as the browser reads it. */
function explorerConfig(html: string): any {
  const json = /<script type="application\/json" id="explorer-config">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no explorer-config block in the page');
  return JSON.parse(json);
}

const assetUrls = (html: string) =>
  [...html.matchAll(/(?:href|src)="(\/graphql\/explorer\/[^"]+)"/g)].map((m) => m[1]);

describe('the GraphQL explorer page outside production', () => {
  let app: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'explorer-'));
    // A key saved by `npm start` is never shown outside development, even when the file is there.
    await writeFile(
      path.join(dataDir, 'dev-project.json'),
      JSON.stringify({ projectId: 'x', apiKey: DEV_KEY }),
    );
    app = await startTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers a browser GET of /graphql with the explorer, without asking for a key', async () => {
    const response = await getPage(app);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('<title>GraphQL explorer');
  });

  it('sends a strict Content-Security-Policy and runs no inline script', async () => {
    const response = await getPage(app);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:|unsafe-eval/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const scripts = [...(await response.text()).matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="\/|type="application\/json"/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refers only to files on this server, and every one of them is served', async () => {
    const html = await (await getPage(app)).text();
    expect(html).not.toMatch(/(?:href|src)="(?:https?:)?\/\//);
    const urls = assetUrls(html);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) {
      const asset = await fetch(`${app.baseUrl}${url}`);
      expect([url, asset.status]).toEqual([url, 200]);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
      // Read every body: an unread response keeps its connection busy and the server from closing.
      await asset.arrayBuffer();
    }
  });

  it("serves Ruru's files brotli-compressed to browsers that accept it, plain otherwise, with ETags", async () => {
    const html = await (await getPage(app)).text();
    const ruruJs = assetUrls(html).find((url) => url.endsWith('/ruru.js'))!;
    const compressed = await fetch(`${app.baseUrl}${ruruJs}`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // fetch decodes br itself: both answers read as the same text.
    const plain = await fetch(`${app.baseUrl}${ruruJs}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text).toContain('export');
    expect(await compressed.text()).toBe(text);
    const etag = plain.headers.get('etag')!;
    const again = await fetch(`${app.baseUrl}${ruruJs}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    await again.arrayBuffer();
  });

  it('answers an unknown explorer file with the usual 404 body', async () => {
    for (const url of ['/graphql/explorer/nothing.js', '/graphql/explorer/ruru-0.0.0/ruru.js']) {
      const response = await fetch(`${app.baseUrl}${url}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as any).error.type).toBe('not_found');
    }
  });

  it('outside development pre-fills the Authorization header as a template, never a saved key', async () => {
    const html = await (await getPage(app)).text();
    expect(html).not.toContain(DEV_KEY);
    const { props } = explorerConfig(html);
    expect(props.defaultTabs.length).toBeGreaterThan(0);
    for (const tab of props.defaultTabs) {
      expect(tab.headers).toContain('"Authorization": "Basic <base64 of pk_test_...:>"');
      expect(tab.headers).toContain('the key is the user name, the password is empty');
    }
  });

  it('still needs a key for every operation, including a GET, and introspection', async () => {
    const get = await fetch(`${app.baseUrl}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { accept: 'application/json' },
    });
    expect(get.status).toBe(401);
    const post = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/html' },
      body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
    });
    expect(post.status).toBe(401);
  });
});

describe('the GraphQL explorer page in development', () => {
  let app: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'explorer-dev-'));
    await writeFile(
      path.join(dataDir, 'dev-project.json'),
      JSON.stringify({ projectId: 'x', apiKey: DEV_KEY }),
    );
    app = await startTestApp({ NODE_ENV: 'development', DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('pre-fills the Authorization header with the key `npm start` saved, for a browser on this machine', async () => {
    const { props } = explorerConfig(await (await getPage(app)).text());
    const expected = `"Authorization": "${basicAuth(DEV_KEY)}"`;
    expect(props.defaultHeaders).toContain(expected);
    for (const tab of props.defaultTabs) expect(tab.headers).toContain(expected);
  });

  it('falls back to the template when no key was saved', async () => {
    await rm(path.join(dataDir, 'dev-project.json'));
    const { props } = explorerConfig(await (await getPage(app)).text());
    expect(props.defaultHeaders).toContain('Basic <base64 of pk_test_...:>');
  });
});

describe('the GraphQL explorer in production', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => app?.stop());

  it('is not served: a browser GET of /graphql is an API request like any other', async () => {
    const response = await getPage(app);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.text()).not.toContain('explorer');
  });

  it('serves none of its files', async () => {
    const response = await fetch(`${app.baseUrl}/graphql/explorer/ruru-2.0.2/ruru.js`);
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });
});
