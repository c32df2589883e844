import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * `$1`-style parameterised SQL on an EntityManager's connection (its transaction, if one is open): values are
 * bound, never inlined into the text. MikroORM's own `execute` inlines `?` parameters, so the query goes
 * through the Kysely instance MikroORM runs on, as a pre-compiled raw query. For repositories (through
 * `Repository.query`) and platform/db only.
 */
export async function executeSql<Row = unknown>(
  em: EntityManager,
  statement: string | { readonly name?: string; readonly text: string },
  values: readonly unknown[] = [],
): Promise<Row[]> {
  const { name, text } = typeof statement === 'string' ? { name: undefined, text: statement } : statement;
  const kysely = em.getKysely();
  // Kysely's pg connection hands `sql` to `pg`'s `client.query(sql, parameters)`: a query config object there is
  // what `pg` needs for a named (prepared) statement, on the very connection of the transaction.
  const compiled = {
    sql: name ? { name, text } : text,
    parameters: values,
    query: { kind: 'RawNode', sqlFragments: [text], parameters: [] },
    queryId: { queryId: name ?? 'sql' },
  };
  const result = await kysely.executeQuery(compiled as unknown as Parameters<typeof kysely.executeQuery>[0]);
  return result.rows as Row[];
}
