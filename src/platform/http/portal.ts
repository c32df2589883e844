import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from './error-body.ts';

/**
 * Serves the merchant portal's built files (portal/, built by portal/build.ts) at the path of
 * MERCHANT_PORTAL_URL: hashed files under `assets/` for good, and `index.html` for every other page a person
 * navigates to (deep links such as `/portal/orders/…`), never cached. The session endpoints beside it
 * (`{portal}/session`, the identity module) are routes of their own and win over the fallback.
 */

/**
 * Strict: scripts, styles, images and connections (HTTP and ws to the same host) from this origin only; no
 * inline script or style (React's `style` props go through CSSOM, which CSP allows), no eval, no framing.
 */
export const PORTAL_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export function mountPortal(app: FastifyInstance, options: { pathPrefix: string; buildDir: string }): void {
  const { pathPrefix, buildDir } = options;
  const assetsDir = path.join(buildDir, 'assets');

  const sendIndex = async (reply: FastifyReply) => {
    const html = await readFile(path.join(buildDir, 'index.html')).catch(() => null);
    if (!html) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send(errorBody(503, 'portal_not_built', 'The portal is not built: run `npm run portal:build`'));
    }
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', PORTAL_CONTENT_SECURITY_POLICY)
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-opener-policy', 'same-origin')
      .send(html);
  };

  app.get(`${pathPrefix}/`, async (_request, reply) => sendIndex(reply));
  app.get<{ Params: { '*': string } }>(`${pathPrefix}/*`, async (request, reply) => {
    const name = request.params['*'];
    if (name.startsWith('assets/')) {
      const file = path.join(assetsDir, path.basename(name));
      const type = CONTENT_TYPES[path.extname(file)];
      const body =
        type && name === `assets/${path.basename(name)}` ? await readFile(file).catch(() => null) : null;
      if (!body) return reply.callNotFound();
      // Every file under assets/ has a content hash in its name: a new build is a new URL.
      return reply
        .header('content-type', type!)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(body);
    }
    // A page of the app (a deep link or a reload): the app routes it. Anything else that is not a page is a 404.
    if (!(request.headers.accept ?? '').includes('text/html')) return reply.callNotFound();
    return sendIndex(reply);
  });
}
