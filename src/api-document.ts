import Fastify from 'fastify';
import type { AppConfig } from './config/index.ts';
import { sessionCookieOf } from './modules/identity/session-cookie.ts';
import { registerRoutes } from './modules/index.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './platform/openapi/openapi-document.ts';
import { type RegisteredRoute, recordRoutes } from './platform/openapi/route-registry.ts';
import { type AppDeps, paymentMethods } from './services.ts';

export const API_TITLE = 'Payments gateway REST API';
export const API_VERSION = '1';

const DESCRIPTION = `The REST face of the payments gateway: every path of the spec, plus the vault card record,
captures, the events feed and the portal's sessions. Generated from the routes' contracts, which are checked against the server's
real answers in its tests. GraphQL (dashboards, subscriptions) is at \`/graphql\`.

- **Authentication**: HTTP Basic, the project's API key as the user name and an empty password
  (\`curl -u sk_test_…: …\`). The \`/pay/…\` execute calls and the wallet B token service take none.
- **Money** is integers in minor units (\`1500\` is 15.00 EUR); timestamps are ISO 8601 UTC with milliseconds.
- **Retries**: every POST and PUT with an API key accepts \`Idempotency-Key\`.
- **Errors** share one body, \`{"error": {"status", "type", "value", "fields"}}\`: \`type\` is stable, \`fields\`
  names each offending input field. A refused request changes nothing. A declined payment is not an error.
- **201** answers carry \`Location\`, the created resource's URL.
- Paths answer with and without the trailing slash. Optional fields without a value are left out, never null.
  Responses may gain fields: ignore the ones you do not know.`;

/** The reference page's groups, in the order a newcomer needs them; each route contract names its tag. */
const TAGS = [
  {
    name: 'Orders',
    description: 'Create and retrieve orders (spec 4.1, 4.2): the hosted page or your own checkout.',
  },
  {
    name: 'Payment methods',
    description:
      "Which methods the project accepts, in which currencies, and iDEAL's issuers (beyond the spec: the shop plugins ask).",
  },
  {
    name: 'Card payments',
    description:
      'Own checkout: authenticate a card transaction (spec 4.13), capture or void a pre-authorization.',
  },
  {
    name: 'Vault',
    description: "Store a card against a transaction's setup token (spec 4.6); read its record.",
  },
  {
    name: 'Wallets',
    description: 'Wallet A and wallet B payment tokens and their execute calls (spec 4.7-4.12).',
  },
  {
    name: 'Payment links',
    description:
      'Links a customer opens to pay (beyond the spec): each opening creates an order and goes to its hosted page.',
  },
  {
    name: 'Refunds',
    description: 'Refund a completed payment, in part or whole, and list the refunds (spec 4.3, 4.4).',
  },
  {
    name: 'Search',
    description: 'Search orders with a query language, page through them, export CSV (spec 4.14).',
  },
  {
    name: 'Events',
    description:
      "The project's events feed (beyond the spec): status changes, refunds, captures, voids, give-ups.",
  },
  {
    name: 'Portal sessions',
    description: "The merchant portal's sign-in, for its single-page app (cookie and CSRF).",
  },
];

/** Documents built in this process, by payment-method registry and then by routes and cookie name. */
const built = new WeakMap<object, Map<string, OpenApiDocument>>();

/**
 * The OpenAPI document of the routes a server registered, for this configuration. Rendering the contracts takes
 * about 0.2 s of CPU; a process that starts several apps with the same routes (a test worker starts one per test
 * file) renders them once, and each app's document differs only in its server URL.
 */
export function apiDocument(
  routes: readonly RegisteredRoute[],
  config: AppConfig,
  deps: Pick<AppDeps, 'paymentMethods'>,
): OpenApiDocument {
  const sessionCookieName = sessionCookieOf(config).name;
  const key = [sessionCookieName, ...routes.map((route) => `${route.method} ${route.url}`)].join('\n');
  const documents = built.get(deps.paymentMethods) ?? new Map<string, OpenApiDocument>();
  built.set(deps.paymentMethods, documents);
  let document = documents.get(key);
  if (!document) {
    document = buildOpenApiDocument(routes, {
      title: API_TITLE,
      version: API_VERSION,
      description: DESCRIPTION,
      serverUrl: config.baseUrl,
      sessionCookieName,
      deps,
      tags: TAGS,
    });
    documents.set(key, document);
  }
  return { ...document, servers: [{ url: config.baseUrl }] };
}

/**
 * The document without a running server (`npm run openapi`, codegen): see `routesOf`.
 */
export async function apiDocumentOf(config: AppConfig): Promise<OpenApiDocument> {
  return apiDocument(await routesOf(config), config, { paymentMethods });
}

/**
 * The routes every module registers, recorded on a server that never listens, with deps that hold only what
 * registration may read — the configuration and the payment-method registry. Route registration that reads
 * anything else fails here, and says so.
 */
export async function routesOf(config: AppConfig): Promise<readonly RegisteredRoute[]> {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  const routes = recordRoutes(app);
  const available: Partial<AppDeps> = { config, paymentMethods };
  const deps = new Proxy(available, {
    get(target, property) {
      if (property in target) return target[property as keyof AppDeps];
      throw new Error(
        `Route registration may read deps.config and deps.paymentMethods only (it read deps.${String(property)}): use request.deps`,
      );
    },
  }) as AppDeps;
  await registerRoutes(app, deps);
  await app.ready();
  await app.close();
  return routes;
}
