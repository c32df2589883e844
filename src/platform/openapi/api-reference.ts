import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type OpenApiDocument, SECURITY_SCHEMES } from './openapi-document.ts';

export const OPENAPI_PATH = '/openapi.json';
/** What the reference's samples show where the project's API key goes. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';
export const REFERENCE_PATH = '/docs';

/** Headers of the reference server's answers that are passed on to the browser. */
const PASSED_HEADERS = ['content-type', 'location'];

/**
 * `GET /openapi.json`: the OpenAPI document, and `GET /docs`: the API reference page (Scalar) rendered from it in
 * the browser. Scalar's Fastify plugin serves its own script from its npm package: nothing is loaded from a CDN,
 * default fonts (a font CDN), telemetry and the hosted agent are off, so the page works with no internet. Both
 * are public: the document describes the API, not a project.
 *
 * The document is built when the server is ready, so a route whose contract cannot be rendered stops the start
 * (about 40 ms). The reference page's server is built on its first visit: the plugin's module carries Scalar's
 * 5 MB script as one string, about 0.1 s of CPU and 5 MB of heap that every process (each worker, CLI and test
 * server) would otherwise pay for a page few of them serve.
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

  let reference: Promise<FastifyInstance> | null = null;
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    reference ??= referenceServer(options.title).catch((error) => {
      reference = null;
      throw error;
    });
    const answer = await (await reference).inject({ method: 'GET', url: request.url });
    // Anything else under /docs answers as every unknown path does.
    if (answer.statusCode === 404) return reply.callNotFound();
    reply.code(answer.statusCode);
    // Scalar's script (5 MB, unversioned URL) is kept an hour rather than fetched on every visit.
    if (request.url.endsWith('.js')) reply.header('cache-control', 'public, max-age=3600');
    for (const name of PASSED_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.send(answer.rawPayload);
  };
  app.get(REFERENCE_PATH, serve);
  app.get(`${REFERENCE_PATH}/*`, serve);
  app.addHook('onClose', async () => {
    if (reference) await (await reference.catch(() => null))?.close();
  });
}

/** Scalar's plugin on a server of its own that never listens: the main server passes /docs requests to it. */
async function referenceServer(title: string): Promise<FastifyInstance> {
  const { default: scalarApiReference } = await import('@scalar/fastify-api-reference');
  const server = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await server.register(scalarApiReference, {
    routePrefix: REFERENCE_PATH,
    configuration: {
      url: OPENAPI_PATH,
      pageTitle: title,
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
      documentDownloadType: 'json',
      persistAuth: false,
      // Every operation in the sidebar at once: the API is small enough to be read as one list.
      defaultOpenAllTags: true,
      // The API key is the Basic user name with an empty password: selected from the start, and the samples
      // say where the key goes (`--user 'YOUR_API_KEY:'`) instead of `username:password`.
      authentication: {
        preferredSecurityScheme: SECURITY_SCHEMES.api_key,
        securitySchemes: { [SECURITY_SCHEMES.api_key]: { username: API_KEY_PLACEHOLDER, password: '' } },
      },
    },
  });
  await server.ready();
  return server;
}
