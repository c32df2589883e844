/**
 * Named prepared statements for hot paths. PostgreSQL parses and plans a named statement once per connection and
 * then only binds and executes it; MikroORM's own `execute` inlines values into the SQL text, so the server
 * parses and plans every such statement again. Values are always bound (`$1`, `$2`, ...), never SQL text.
 *
 * A statement is a module-level constant of its repository: `preparedStatement('orders.view', `select ...`)`.
 * Names are global per connection, so each name must stand for one text: a second definition of a name with
 * different SQL throws at start-up rather than failing on some connection later.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

const defined = new Map<string, string>();

export function preparedStatement(name: string, text: string): PreparedStatement {
  const existing = defined.get(name);
  if (existing !== undefined && existing !== text) {
    throw new Error(`prepared statement "${name}" is defined twice with different SQL`);
  }
  defined.set(name, text);
  return Object.freeze({ name, text });
}

/** What `pg` takes as a query: a fresh object per call, since `pg` writes the values onto it. */
export function pgQueryConfig(statement: PreparedStatement, values: readonly unknown[]) {
  return { name: statement.name, text: statement.text, values: [...values] };
}
