import { seedProject } from '../factories/project.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { operationOverWebSocket as overWebSocket } from '../helpers/graphql-ws.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** `{ orders(query: {a:{a:…1…}}) { totalCount } }`: an object literal `levels` deep in an argument. */
const deepObject = (levels: number) =>
  `{ orders(query: ${'{a:'.repeat(levels)}1${'}'.repeat(levels)}) { totalCount } }`;
/** The same with a list literal: one token per level. */
const deepList = (levels: number) =>
  `{ orders(query: ${'['.repeat(levels)}1${']'.repeat(levels)}) { totalCount } }`;
/** Nested selections of inline fragments on the query root. */
const deepFragments = (levels: number) =>
  `{ ${'... on Query { '.repeat(levels)}viewer { role }${' }'.repeat(levels)} }`;

const TOO_DEEP = {
  message: 'The document nests too deeply: more than 128 levels of brackets',
  extensions: { code: 'MAX_NESTING_EXCEEDED' },
};

/**
 * A document nested thousands of levels deep (issue 13) is refused with a clear error and a stable code before
 * graphql-js's recursive parser sees it, over HTTP and graphql-ws, whatever the token limit: never "Maximum call
 * stack size exceeded", never a 500.
 */
describe('GraphQL documents that nest too deeply', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    // The largest token limit the configuration allows: room for tens of thousands of levels.
    app = await startTestApp({ JOBS_ENABLED: 'false', GRAPHQL_MAX_TOKENS: '100000' });
    apiKey = (await seedProject(app)).apiKey;
  });
  afterAll(() => app.stop());

  it.each([
    ['an object literal 30,000 levels deep', deepObject(30_000)],
    ['a list literal 90,000 levels deep', deepList(90_000)],
    ['inline fragments 3,000 levels deep', deepFragments(3_000)],
    ['an unclosed object literal 30,000 levels deep', `{ orders(query: ${'{a:'.repeat(30_000)}`],
  ])('refuses %s over HTTP with MAX_NESTING_EXCEEDED', async (_name, query) => {
    const response = await graphqlClient(app.baseUrl, apiKey)(query);
    expect({ status: response.status, errors: response.errors }).toEqual({ status: 400, errors: [TOO_DEEP] });
  });

  it.each([
    ['an object literal 30,000 levels deep', deepObject(30_000)],
    ['a list literal 90,000 levels deep', deepList(90_000)],
  ])('refuses %s over graphql-ws with MAX_NESTING_EXCEEDED', async (_name, query) => {
    expect((await overWebSocket(app.baseUrl, apiKey, query)).errors).toEqual([TOO_DEEP]);
  });

  it('lets a document at the nesting limit through to the ordinary checks, and still serves afterwards', async () => {
    // 128 levels of brackets: the operation's braces, the argument's parentheses and 126 levels of literal.
    const atLimit = await graphqlClient(app.baseUrl, apiKey)(deepObject(126));
    expect(atLimit.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const overLimit = await graphqlClient(app.baseUrl, apiKey)(deepObject(127));
    expect(overLimit.errors).toEqual([TOO_DEEP]);
    const fine = await graphqlClient(app.baseUrl, apiKey)('{ viewer { role } }');
    expect(fine.data).toEqual({ viewer: { role: 'ADMIN' } });
  });
});
