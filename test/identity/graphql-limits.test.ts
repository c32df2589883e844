import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'graphql';
import { parseConfig } from '../../src/config/index.ts';
import { costDependsOnVariables, OperationLimits } from '../../src/platform/graphql/limits.ts';
import { seedProject } from '../factories/project.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { operationOverWebSocket as overWebSocket } from '../helpers/graphql-ws.ts';
import { buildSdlSchema } from '../helpers/sdl-schema.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const ORDER_FIELDS =
  'id amount currency status description created transactions { id status paymentMethod amount }';

/** The query of issue 13: 200 aliases of `orders(first: 100)`, 43 KB. */
const ALIAS_BOMB = `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: orders(first: 100) { edges { node { ${ORDER_FIELDS} } } }`).join(' ')} }`;

describe('GraphQL limits, before any resolver runs', () => {
  let app: TestApp;
  let strict: TestApp;
  let apiKey: string;
  let strictKey: string;

  beforeAll(async () => {
    [app, strict] = await Promise.all([
      startTestApp(),
      startTestApp({
        GRAPHQL_MAX_DEPTH: '4',
        GRAPHQL_MAX_ALIASES: '2',
        GRAPHQL_MAX_TOKENS: '60',
        GRAPHQL_MAX_DIRECTIVES: '2',
        GRAPHQL_MAX_COST: '100',
      }),
    ]);
    apiKey = (await seedProject(app)).apiKey;
    strictKey = (await seedProject(strict)).apiKey;
  });
  afterAll(async () => {
    await Promise.all([app.stop(), strict.stop()]);
  });

  it('refuses the 43 KB, 200-alias query of issue 13 by the default limits, over HTTP and WebSocket', async () => {
    expect(ALIAS_BOMB.length).toBeGreaterThan(20_000);
    const http = await graphqlClient(app.baseUrl, apiKey)(ALIAS_BOMB);
    expect(http.status).toBe(400);
    expect(http.data ?? null).toBeNull();
    expect(http.errors).toEqual([
      { message: 'The document has more than 3000 tokens', extensions: { code: 'MAX_TOKENS_EXCEEDED' } },
    ]);
    const ws = await overWebSocket(app.baseUrl, apiKey, ALIAS_BOMB);
    expect(ws.errors![0]).toMatchObject({ extensions: { code: 'MAX_TOKENS_EXCEEDED' } });
    // Within the token limit, the same shape is still refused: by its aliases.
    const shorter = `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: orders(first: 100) { totalCount }`).join(' ')} }`;
    const refused = await graphqlClient(app.baseUrl, apiKey)(shorter);
    expect(refused.errors).toEqual([
      { message: 'Aliases limit of 15 exceeded, found 200.', extensions: { code: 'MAX_ALIASES_EXCEEDED' } },
    ]);
  });

  it("counts a connection's selection `first` times in the cost", async () => {
    const gql = graphqlClient(strict.baseUrl, strictKey);
    const cheap = await gql('{ orders(first: 5) { edges { node { id status } } } }');
    expect(cheap.errors).toBeUndefined();
    const costly = await gql('{ orders(first: 100) { edges { node { id status } } } }');
    expect(costly.errors).toEqual([
      {
        message: expect.stringContaining('more than the limit of 100'),
        extensions: { code: 'MAX_COST_EXCEEDED', cost: expect.any(Number), maxCost: 100 },
      },
    ]);
    // As the SDL declares it: the search costs 2, and each of the 100 edges 1 and its order 1 (scalars cost 0).
    expect(costly.errors![0]!.extensions!.cost).toBe(202);
    // Variables count as well as literals.
    const viaVariables = await gql('query ($n: Int) { orders(first: $n) { edges { node { id status } } } }', {
      n: 100,
    });
    expect(viaVariables.errors![0]!.extensions!.code).toBe('MAX_COST_EXCEEDED');
  });

  it.each([
    ['MAX_DEPTH_EXCEEDED', '{ orders(first: 1) { edges { node { transactions { id } } } } }'],
    ['MAX_ALIASES_EXCEEDED', '{ a: project { id } b: project { id } c: project { id } }'],
    [
      'MAX_DIRECTIVES_EXCEEDED',
      '{ project { id @include(if: true) name @include(if: true) mode @include(if: true) } }',
    ],
    ['MAX_TOKENS_EXCEEDED', `{ project { ${'id '.repeat(60)} } }`],
  ])('refuses an operation over a configured limit with %s, over HTTP and WebSocket', async (code, query) => {
    const http = await graphqlClient(strict.baseUrl, strictKey)(query);
    expect(http.status).toBe(400);
    expect(http.errors?.[0]?.extensions?.code).toBe(code);
    const ws = await overWebSocket(strict.baseUrl, strictKey, query);
    expect(ws.errors?.[0]?.extensions?.code).toBe(code);
  });

  it('costs each request with its own variables wherever a variable can change the cost', () => {
    const limits = new OperationLimits(
      buildSdlSchema(),
      parseConfig({ GRAPHQL_MAX_COST: '100' }).security.graphqlLimits,
    );
    const code = (query: string, variables: Record<string, unknown>) =>
      limits.check({ query, variables })?.extensions.code ?? null;
    // A page size from a variable: a cheap request first must not let a costly one through afterwards.
    const paged = 'query ($n: Int) { orders(first: $n) { edges { node { id status } } } }';
    expect(code(paged, { n: 5 })).toBeNull();
    expect(code(paged, { n: 100 })).toBe('MAX_COST_EXCEEDED');
    expect(code(paged, { n: 5 })).toBeNull();
    const included =
      'query ($all: Boolean!) { orders(first: 100) @include(if: $all) { edges { node { id } } } }';
    expect(code(included, { all: false })).toBeNull();
    expect(code(included, { all: true })).toBe('MAX_COST_EXCEEDED');
    // A literal page size is refused however often it is asked.
    const literal = '{ orders(first: 100) { edges { node { id status } } } }';
    expect(code(literal, {})).toBe('MAX_COST_EXCEEDED');
    expect(code(literal, {})).toBe('MAX_COST_EXCEEDED');

    const depends = (query: string) => costDependsOnVariables(parse(query));
    expect(depends('query ($id: ID!) { order(id: $id) { id transactions { id } } }')).toBe(false);
    expect(depends('query ($q: String) { orders(first: 5, query: $q) { edges { node { id } } } }')).toBe(
      false,
    );
    expect(depends(paged)).toBe(true);
    expect(depends('query ($n: Int) { orders(last: $n) { edges { node { id } } } }')).toBe(true);
    expect(depends(included)).toBe(true);
    expect(depends('query ($s: Boolean!) { order(id: "x") { id @skip(if: $s) } }')).toBe(true);
  });

  it('lets every example operation of docs/graphql through the default limits', () => {
    const limits = new OperationLimits(buildSdlSchema(), parseConfig({}).security.graphqlLimits);
    const dir = path.resolve(import.meta.dirname, '../../docs/graphql');
    const examples = readdirSync(dir).filter((name) => name.endsWith('.graphql'));
    expect(examples.length).toBeGreaterThan(5);
    for (const name of examples) {
      const variablesFile = path.join(dir, name.replace(/\.graphql$/, '.variables.json'));
      let variables = {};
      try {
        variables = JSON.parse(readFileSync(variablesFile, 'utf8'));
      } catch {
        // no variables
      }
      expect({
        name,
        refused:
          limits.check({ query: readFileSync(path.join(dir, name), 'utf8'), variables })?.message ?? null,
      }).toEqual({
        name,
        refused: null,
      });
    }
  });
});
