import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { operationOverWebSocket as overWebSocket } from '../helpers/graphql-ws.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Answer = { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };

const INTROSPECTION = '{ __schema { types { name } } }';
const TYPO = '{ projec { id } }';

describe('production mode, the same over HTTP and WebSocket', () => {
  let production: TestApp;
  let development: TestApp;
  let productionKey: string;
  let developmentKey: string;

  beforeAll(async () => {
    [production, development] = await Promise.all([startTestApp({ NODE_ENV: 'production' }), startTestApp()]);
    productionKey = (await seedProject(production)).apiKey;
    developmentKey = (await seedProject(development)).apiKey;
  });
  afterAll(async () => {
    await Promise.all([production.stop(), development.stop()]);
  });

  const both = async (app: TestApp, key: string, query: string): Promise<Answer[]> => [
    await graphqlClient(app.baseUrl, key)(query),
    await overWebSocket(app.baseUrl, key, query),
  ];

  it('answers introspection only outside production', async () => {
    for (const answer of await both(production, productionKey, INTROSPECTION)) {
      expect(answer.data ?? null).toBeNull();
      expect(answer.errors![0]!.message).toMatch(/introspection/i);
      expect(answer.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    for (const answer of await both(development, developmentKey, INTROSPECTION)) {
      expect((answer.data as { __schema: { types: unknown[] } }).__schema.types.length).toBeGreaterThan(50);
    }
  });

  it('suggests field names only outside production', async () => {
    for (const answer of await both(production, productionKey, TYPO)) {
      expect(answer.errors![0]!.message).toBe('Cannot query field "projec" on type "Query".');
      expect(answer.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    for (const answer of await both(development, developmentKey, TYPO)) {
      expect(answer.errors![0]!.message).toContain('Did you mean "project"?');
    }
  });

  it('masks internal errors in production, with nothing of the cause', async () => {
    // Break the orders table under the search resolver (not under authentication) to cause a real fault.
    await sql(production.databaseUrl, 'alter table orders rename column created_at to created_at_gone');
    try {
      for (const answer of await both(
        production,
        productionKey,
        '{ orders(first: 1) { edges { node { id } } } }',
      )) {
        expect(answer.errors).toEqual([
          expect.objectContaining({
            message: 'Internal server error',
            extensions: { code: 'INTERNAL_SERVER_ERROR' },
          }),
        ]);
        expect(JSON.stringify(answer)).not.toMatch(/created_at|column|select|stack/i);
      }
    } finally {
      await sql(production.databaseUrl, 'alter table orders rename column created_at_gone to created_at');
    }
  });
});
