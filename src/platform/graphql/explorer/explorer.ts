import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type GraphQLSchema, introspectionFromSchema } from 'graphql';
import type { AppConfig } from '../../../config/index.ts';
import { addRouteHooks } from '../../http/route-hooks.ts';
import { loadExampleOperations } from './examples.ts';
import { renderExplorerPage } from './explorer-page.ts';

/**
 * The GraphQL explorer, development only: a browser's `GET /graphql` (asking for HTML) gets Ruru, Graphile's
 * distribution of GraphiQL, served entirely from our own dependencies: Ruru ships its built files (React,
 * GraphiQL, Monaco and its workers, fonts) inside the npm package, so nothing is fetched from a CDN and the
 * explorer works offline. Ruru is a devDependency and is only loaded here, never in production.
 */

export const EXPLORER_ASSET_PATH = '/graphql/explorer/';

/**
 * Strict CSP: scripts, styles, fonts, workers and connections from our origin only (`connect-src 'self'`
 * includes ws: to the same host). `style-src` allows inline styles because Monaco and GraphiQL's components
 * set them at run time; no inline script runs.
 */
export const EXPLORER_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

interface OwnAsset {
  body: Buffer;
  contentType: string;
}

interface ExplorerAssets {
  own: Map<string, OwnAsset>;
  scriptUrl: string;
  stylesheetUrl: string;
  examples: ReturnType<typeof loadExampleOperations>;
  introspection: ReturnType<typeof introspectionFromSchema>;
}

/** Per schema, built once: every app of a process serves the same schema (app.ts), so the same page. */
const assetsBySchema = new WeakMap<GraphQLSchema, ExplorerAssets>();

function explorerAssets(schema: GraphQLSchema): ExplorerAssets {
  const built = assetsBySchema.get(schema);
  if (built) return built;
  const own = new Map<string, OwnAsset>();
  const ownUrl = (source: string, extension: string, contentType: string) => {
    const body = readFileSync(new URL(`./${source}.${extension}`, import.meta.url));
    const name = `${source}.${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${extension}`;
    own.set(name, { body, contentType });
    return `${EXPLORER_ASSET_PATH}${name}`;
  };
  const assets: ExplorerAssets = {
    own,
    scriptUrl: ownUrl('explorer', 'js', 'text/javascript; charset=utf-8'),
    stylesheetUrl: ownUrl('explorer', 'css', 'text/css; charset=utf-8'),
    examples: loadExampleOperations(),
    // The schema goes with the page, so the docs and completion work before a key is filled in (introspection
    // over HTTP needs one, like every operation).
    introspection: introspectionFromSchema(schema),
  };
  assetsBySchema.set(schema, assets);
  return assets;
}

export async function mountExplorer(
  app: FastifyInstance,
  options: { endpoint: string; schema: GraphQLSchema },
): Promise<void> {
  const ruru = await import('ruru/static');
  const ruruUrl = `${EXPLORER_ASSET_PATH}ruru-${ruruVersion()}/`;
  const { own, scriptUrl, stylesheetUrl, examples, introspection } = explorerAssets(options.schema);

  // Before authentication and Apollo: the page needs no key (the operations it sends do). A hook of the
  // endpoint's route only (after the instance's onRequest hooks, as before); other requests pass on at once.
  addRouteHooks(app, (route) => route.url === options.endpoint, {
    onRequest: (request, reply, done) => {
      if (request.method !== 'GET') return done();
      if (!(request.headers.accept ?? '').includes('text/html')) return done();
      return sendExplorer(request, reply);
    },
  });
  async function sendExplorer(request: FastifyRequest, reply: FastifyReply) {
    const page = renderExplorerPage({
      scriptUrl,
      stylesheetUrl,
      ruruUrl,
      endpoint: options.endpoint,
      examples,
      introspection,
      apiKey: await developmentApiKey(request),
    });
    return sendPage(reply, page);
  }

  app.get<{ Params: { '*': string } }>(`${EXPLORER_ASSET_PATH}*`, async (request, reply) => {
    const name = request.params['*'];
    const asset = own.get(name);
    if (asset) return sendAsset(reply, asset.body, { 'content-type': asset.contentType });
    const file = `${EXPLORER_ASSET_PATH}${name}`.startsWith(ruruUrl)
      ? await ruru.getStaticFile({
          staticPath: ruruUrl,
          urlPath: `${EXPLORER_ASSET_PATH}${name}`,
          acceptEncoding: request.headers['accept-encoding'],
        })
      : null;
    if (!file) return reply.callNotFound();
    if (request.headers['if-none-match'] === file.headers.etag) {
      return reply.code(304).header('etag', file.headers.etag).send();
    }
    return sendAsset(reply, file.content, { ...file.headers, vary: 'accept-encoding' });
  });
}

function sendPage(reply: FastifyReply, page: string): FastifyReply {
  return reply
    .code(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', EXPLORER_CONTENT_SECURITY_POLICY)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-opener-policy', 'same-origin')
    .send(page);
}

/** Every URL carries a version or a content hash, so each file may be cached for good. */
function sendAsset(reply: FastifyReply, body: Buffer, headers: Record<string, string>): FastifyReply {
  return reply
    .headers(headers)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin')
    .send(body);
}

/**
 * The key `npm start` saved for its test project, to pre-fill the Authorization header: only in development,
 * only a test-mode key, and only for a browser on this machine (a development server listening on all
 * interfaces does not hand its key to the network).
 */
async function developmentApiKey(request: FastifyRequest): Promise<string | null> {
  const config: AppConfig = request.deps.config;
  if (config.env !== 'development' || !isLoopback(request.ip)) return null;
  try {
    const saved = JSON.parse(await readFile(path.resolve(config.dataDir, 'dev-project.json'), 'utf8'));
    const apiKey = saved?.apiKey;
    return typeof apiKey === 'string' && /^(sk|pk)_test_[A-Za-z0-9]+$/.test(apiKey) ? apiKey : null;
  } catch {
    return null; // not started through `npm start` yet, or a database of its own: the template instead
  }
}

function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

function ruruVersion(): string {
  const entry = createRequire(import.meta.url).resolve('ruru/static');
  const manifest = JSON.parse(readFileSync(path.resolve(path.dirname(entry), '../package.json'), 'utf8'));
  return String(manifest.version);
}
