/**
 * A piece of SQL with `?` placeholders (MikroORM / knex style) and its values in order. User input only ever
 * travels in `params`; `sql` is assembled from constant text defined in this module.
 */
export type SqlFragment = { sql: string; params: unknown[] };

export const TRUE_SQL: SqlFragment = { sql: 'true', params: [] };

export function sqlFragment(sql: string, params: unknown[] = []): SqlFragment {
  return { sql, params };
}

/** Joins fragments with `and` / `or`, parenthesised so the result can be embedded anywhere. */
export function joinSql(parts: readonly SqlFragment[], operator: 'and' | 'or'): SqlFragment {
  if (parts.length === 1) return parts[0]!;
  return {
    sql: `(${parts.map((part) => part.sql).join(` ${operator} `)})`,
    params: parts.flatMap((part) => part.params),
  };
}

export function notSql(part: SqlFragment): SqlFragment {
  return { sql: `not (${part.sql})`, params: part.params };
}
