import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import type { OpenApiDocument } from './openapi-document.ts';

export const OPENAPI_PATH = '/openapi.json';
export const REFERENCE_PATH = '/docs';

/**
 * `GET /openapi.json`: the OpenAPI document, built once when the server is ready (so a route whose contract
 * cannot be rendered stops the start), and `GET /docs`: the API reference page (Scalar) rendered from it in the
 * browser. Scalar's Fastify plugin serves its own script from its npm package: nothing is loaded from a CDN,
 * default fonts (a font CDN), telemetry and the hosted agent are off, so the page works with no internet.
 * Both are public: the document describes the API, not a project.
 */
export async function mountApiReference(
  app: FastifyInstance,
  options: { title: string; document: () => OpenApiDocument },
): Promise<void> {
  let json = '';
  app.addHook('onReady', async () => {
    json = JSON.stringify(options.document());
  });
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      // Tools (editors, client generators) read it from other origins; it holds no secret.
      .header('access-control-allow-origin', '*')
      .send(json),
  );
  await app.register(scalarApiReference, {
    routePrefix: REFERENCE_PATH,
    configuration: {
      url: OPENAPI_PATH,
      pageTitle: options.title,
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
      documentDownloadType: 'json',
      persistAuth: false,
      // Every operation in the sidebar at once: the API is small enough to be read as one list.
      defaultOpenAllTags: true,
    },
  });
}
