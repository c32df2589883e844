import { isDatabaseOutage } from '../../src/platform/errors/outage.ts';
import { seedProject } from '../factories/project.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { startTestApp } from '../helpers/test-app.ts';

/**
 * A protocol violation (08P01) a statement causes is the statement's fault, not the database being away: the
 * classification behind every 503 must not send a client to retry it forever. No request input reaches one
 * (lists are bound as one array or JSON parameter, the ORM writes its `in` lists into the text, a search query
 * is at most 2,000 characters, `nodes(ids:)` takes 100 ids: the last test), so PostgreSQL is asked directly.
 */
describe('a protocol violation PostgreSQL answers a statement with', () => {
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
  });

  /** `select 1 where 0 in ($1, …, $count)` with `count` values. */
  const withParameters = (count: number) => {
    const values = Array.from({ length: count }, (_, index) => index + 1);
    return sql(databaseUrl, `select 1 where 0 in (${values.map((n) => `$${n}::int`).join(', ')})`, values);
  };

  it('is no outage when a bind carries more than 65,535 parameters, and the database keeps answering', async () => {
    await expect(withParameters(65_535)).resolves.toEqual([]);
    const error = await withParameters(65_536).then(
      () => null,
      (failure: unknown) => failure,
    );

    expect(error).toMatchObject({ code: '08P01', severity: 'ERROR' });
    expect(isDatabaseOutage(error)).toBe(false);
    expect(await sql(databaseUrl, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('is reached by no request: 70,000 ids or audit actions are refused before the database', async () => {
    const app = await startTestApp();
    try {
      const gql = graphqlClient(app.baseUrl, (await seedProject(app)).apiKey);
      const many = Array.from({ length: 70_000 }, () => '');

      const nodes = await gql('query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: many });
      const audit = await gql<{ auditLog: { edges: unknown[] } }>(
        'query ($filter: AuditLogFilter) { auditLog(filter: $filter, first: 1) { edges { cursor } } }',
        { filter: { actions: many } },
      );

      expect(nodes.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(audit.errors?.[0]).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT' },
        message: expect.stringContaining('at most 100 actions'),
      });
      const hundred = await gql<{ auditLog: { edges: unknown[] } }>(
        'query ($filter: AuditLogFilter) { auditLog(filter: $filter, first: 1) { edges { cursor } } }',
        { filter: { actions: many.slice(0, 100).map((_, index) => `graphql.action${index}`) } },
      );
      expect(hundred.errors).toBeUndefined();
      expect(hundred.data?.auditLog.edges).toEqual([]);
    } finally {
      await app.stop();
    }
  });
});
