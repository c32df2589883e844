// Boots Ruru (Graphile's GraphiQL distribution) from this server's own copy of its files: no CDN, nothing
// from the internet. The page's JSON block (id="explorer-config") carries the tabs, the header template and
// the schema.
const config = JSON.parse(document.getElementById('explorer-config').textContent);
const ruruBase = new URL(config.ruruUrl, window.location.href);
const endpointUrl = new URL(config.endpoint, window.location.href).href;

// Monaco's editor workers, as module workers from the same folder (CSP `worker-src 'self'`).
const WORKERS = { json: 'jsonWorker.js', graphql: 'graphqlWorker.js' };
globalThis.MonacoEnvironment = {
  getWorker: (_workerId, label) =>
    new Worker(new URL(WORKERS[label] ?? 'editorWorker.js', ruruBase), { type: 'module' }),
};

// Requests to the endpoint, as GraphiQL sends them, with two adjustments:
// - they omit the browser's own credentials: the API key travels only in the headers editor's Authorization
//   header, and a 401 (no key or a wrong one, with `WWW-Authenticate: Basic`) then shows in the response pane
//   instead of opening the browser's login prompt, which also blocks the page until it is answered;
// - GraphiQL introspects at start, before the headers editor exists, so without a key: that request is
//   answered here from the schema the page came with, and the docs and completion work at once. With an
//   Authorization header (the "Re-fetch GraphQL schema" button), it goes to the server like any operation.
const browserFetch = window.fetch.bind(window);
window.fetch = (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.href).href;
  if (url !== endpointUrl) return browserFetch(input, init);
  if (isIntrospection(init.body) && !new Headers(init.headers).has('authorization')) {
    const body = JSON.stringify({ data: config.introspection });
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
  }
  return browserFetch(input, { ...init, credentials: 'omit' });
};

function isIntrospection(body) {
  if (typeof body !== 'string') return false;
  try {
    const { operationName, query } = JSON.parse(body);
    return operationName === 'IntrospectionQuery' || /^\s*query IntrospectionQuery\b/.test(query ?? '');
  } catch {
    return false;
  }
}

// Subscriptions go over graphql-ws on the same path; GraphiQL sends the headers editor's values as the
// connection_init payload, so the same Authorization header authenticates the socket.
const socketUrl = new URL(endpointUrl);
socketUrl.protocol = socketUrl.protocol === 'https:' ? 'wss:' : 'ws:';

const { React, createRoot, Ruru } = await import(new URL('ruru.js', ruruBase).href);
createRoot(document.getElementById('explorer')).render(
  React.createElement(Ruru, {
    ...config.props,
    endpoint: config.endpoint,
    subscriptionEndpoint: socketUrl.href,
  }),
);
