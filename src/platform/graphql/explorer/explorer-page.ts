import type { IntrospectionQuery } from 'graphql';
import type { ExampleOperation } from './examples.ts';

/**
 * The explorer's HTML page: no inline script or style, only our own files (CSP `'self'`) and one JSON data
 * block (`type="application/json"` is data, never executed) that configures Ruru: the example operations as
 * saved tabs, each with the Authorization header template.
 */

export interface ExplorerPageOptions {
  /** URL paths of our boot script and stylesheet, and of the folder with Ruru's own files (ends in `/`). */
  scriptUrl: string;
  stylesheetUrl: string;
  ruruUrl: string;
  /** GraphQL over HTTP and over WebSocket (graphql-ws) share this path. */
  endpoint: string;
  examples: readonly ExampleOperation[];
  /** The schema as an introspection result, for GraphiQL's first introspection (sent before any key is set). */
  introspection: IntrospectionQuery;
  /** The development project's key when the server knows it, to pre-fill the header; otherwise a template. */
  apiKey: string | null;
}

/**
 * The headers editor's text (JSON with comments). The API key is the Basic auth user name with an empty
 * password, so the value is `Basic ` + base64 of `API_KEY:` — the colon included.
 */
export function authorizationHeaders(apiKey: string | null): string {
  if (apiKey) {
    return [
      '{',
      '  // HTTP Basic auth, as on REST: the API key is the user name and',
      '  // the password is empty, so the value is "Basic " + base64 of',
      `  // "${apiKey}:". This is the test project that`,
      '  // `npm start` created (DATA_DIR/dev-project.json).',
      `  "Authorization": "Basic ${Buffer.from(`${apiKey}:`).toString('base64')}"`,
      '}',
    ].join('\n');
  }
  return [
    '{',
    "  // Every operation needs the project's API key as HTTP Basic auth,",
    '  // as on REST: the key is the user name, the password is empty.',
    '  // Replace the value with "Basic " + base64 of "<API key>:"',
    '  // (mind the colon), e.g.',
    "  //   shell:   printf '%s' 'pk_test_...:' | base64",
    "  //   browser: btoa('pk_test_...:')",
    "  // `npm start` prints the test project's key.",
    '  "Authorization": "Basic <base64 of pk_test_...:>"',
    '}',
  ].join('\n');
}

/** Ruru's props (GraphiQL's, passed through): saved tabs, the header template, the headers pane open. */
export function explorerProps(options: Pick<ExplorerPageOptions, 'examples' | 'apiKey'>) {
  const headers = authorizationHeaders(options.apiKey);
  return {
    defaultTabs: options.examples.map((example) => ({
      query: example.query,
      variables: example.variables ?? undefined,
      headers,
    })),
    defaultHeaders: headers,
    defaultEditorToolsVisibility: 'headers',
    isHeadersEditorEnabled: true,
    // Ruru's Grafast plan and SQL tools need a Grafast server; this one is Apollo.
    debugTools: [],
  };
}

export function renderExplorerPage(options: ExplorerPageOptions): string {
  const config = {
    ruruUrl: options.ruruUrl,
    endpoint: options.endpoint,
    introspection: options.introspection,
    props: explorerProps(options),
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphQL explorer · Payments gateway</title>
<link rel="stylesheet" href="${attribute(`${options.ruruUrl}ruru.css`)}">
<link rel="stylesheet" href="${attribute(options.stylesheetUrl)}">
<link rel="modulepreload" href="${attribute(`${options.ruruUrl}ruru.js`)}">
<script type="application/json" id="explorer-config">${jsonForScript(config)}</script>
<script type="module" src="${attribute(options.scriptUrl)}"></script>
</head>
<body>
<div id="explorer"><p class="explorer-loading">Loading the GraphQL explorer…</p></div>
<noscript><p class="explorer-loading">The GraphQL explorer needs JavaScript. Without it, send
<code>POST ${escapeHtml(options.endpoint)}</code> with your API key as HTTP Basic auth.</p></noscript>
</body>
</html>
`;
}

/** JSON inside a script element: `<` escaped, so no value can close the element or open a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const attribute = escapeHtml;
