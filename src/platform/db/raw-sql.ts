import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * `$1`-style parameterised SQL on an EntityManager's connection (its transaction, if one is open): values are
 * bound, never inlined into the text. MikroORM's own `execute` inlines `?` parameters, so the query goes
 * through the Kysely instance MikroORM runs on, as a pre-compiled raw query. For repositories (through
 * `Repository.query`) and platform/db only.
 */
export async function executeSql<Row = unknown>(
  em: EntityManager,
  text: string,
  values: readonly unknown[] = [],
): Promise<Row[]> {
  const kysely = em.getKysely();
  const compiled = {
    sql: text,
    parameters: values,
    query: { kind: 'RawNode', sqlFragments: [text], parameters: [] },
    queryId: { queryId: `raw-${Math.random().toString(36).slice(2)}` },
  };
  const result = await kysely.executeQuery(compiled as unknown as Parameters<typeof kysely.executeQuery>[0]);
  return result.rows as Row[];
}
