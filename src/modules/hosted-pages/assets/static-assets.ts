import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * The pages' stylesheet and script, served by our own route from this process (CSP `'self'`). Each file's URL
 * carries a hash of its content, so it may be cached for a year: a changed file gets a new URL.
 */

interface StaticAsset {
  /** Public file name, e.g. `pages.3f2a9c1b7e4d.css`. */
  fileName: string;
  contentType: string;
  body: Buffer;
}

export const ASSET_PATH = '/hosted-assets/';

function load(source: string, extension: string, contentType: string): StaticAsset {
  const body = readFileSync(new URL(`./${source}.${extension}`, import.meta.url));
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { fileName: `${source}.${hash}.${extension}`, contentType, body };
}

const ASSETS = {
  stylesheet: load('pages', 'css', 'text/css; charset=utf-8'),
  cardFormScript: load('card-form', 'js', 'text/javascript; charset=utf-8'),
} as const;

export type AssetName = keyof typeof ASSETS;

export function assetUrl(baseUrl: string, name: AssetName): string {
  return `${baseUrl}${ASSET_PATH}${ASSETS[name].fileName}`;
}

const BY_FILE_NAME = new Map(Object.values(ASSETS).map((asset) => [asset.fileName, asset]));

export async function staticAssetRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { fileName: string } }>(`${ASSET_PATH}:fileName`, async (request, reply) => {
    const asset = BY_FILE_NAME.get(request.params.fileName);
    if (!asset) return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
    return reply
      .header('content-type', asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(asset.body);
  });
}
