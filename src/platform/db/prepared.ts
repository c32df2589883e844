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
  /** Declared with `preparedRead`: outside a transaction it may go out on a shared pipelined connection. */
  readonly pipelinedRead?: boolean;
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

/** A row lock, which may wait for another transaction. */
const LOCKING_CLAUSE = /\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i;

/**
 * A short read by key on a hot path (an order's view, a stored card, keys and users by id): outside a transaction
 * it is sent on one of the Db's shared pipelined connections (platform/db/pipelined-reads.ts) instead of a pooled
 * one. A read there waits for the reads sent ahead of it on its connection, so only a plain SELECT that answers
 * at once belongs here: never a row lock, never a write, never a scan whose time grows with the data. The first
 * two are refused at start-up; the last is the definer's promise.
 */
export function preparedRead(name: string, text: string): PreparedStatement {
  if (!/^\s*select\b/i.test(text) || LOCKING_CLAUSE.test(text)) {
    throw new Error(`prepared read "${name}" must be a plain select, without a row lock`);
  }
  return Object.freeze({ ...preparedStatement(name, text), pipelinedRead: true });
}

/**
 * How the requests of a shared transaction (platform/db/shared-transactions.ts) that send the same prepared read at
 * the same moment (each its lock and the read under it, as they start) send it as ONE statement: `statement`
 * takes the requests' values together (`values`, as arrays in the requests' order) and answers each row with a
 * `request` column, the 1-based position of the request whose values found it (`unnest(…) with ordinality`).
 * Each request gets exactly the rows of its own position, never a row another request's values found: two
 * requests of different projects may name the same order, and only its owner's finds it. Requests whose `apart`
 * differs never share one.
 */
export interface SharedRead {
  readonly statement: PreparedStatement;
  values(requests: readonly (readonly unknown[])[]): unknown[];
  apart?(values: readonly unknown[]): string;
}

/** What `pg` takes as a query: a fresh object per call, since `pg` writes the values onto it. */
export function pgQueryConfig(statement: PreparedStatement, values: readonly unknown[]) {
  return { name: statement.name, text: statement.text, values: [...values] };
}

/** One data-modifying statement (or a select) and its values, numbered from `$1`, to combine with others. */
export interface SqlPart {
  readonly sql: string;
  readonly values: readonly unknown[];
  /**
   * The part reads the rows the part right before it RETURNs: `{{previous}}` in `sql` names that part (the
   * one exception to "parts do not read each other's rows", e.g. a row inserted with its generated id).
   */
  readonly readsPrevious?: boolean;
  /** The statement answers how many rows this part RETURNs (summed over such parts, as `counted`). */
  readonly counted?: boolean;
  /**
   * How each of the part's values joins the same value of other writes' parts of the same SQL, when concurrent
   * writes leave as one statement (platform/db/write-batches.ts). Declared only by a part that, from its values
   * as a set, adds rows (an insert) or updates rows only its own write owns (the key row its request claimed): a
   * part without it never shares its statement.
   */
  readonly merges?: readonly ValueMerge[];
  /**
   * The part's SQL when its values are merged with other writes' (`merges`), where `sql` only holds for its own
   * values: a one-row update found by the key in its JSON, whose plan stays the primary key's lookup at any
   * size of the table, written for any number of rows.
   */
  readonly mergedSql?: string;
}

/**
 * 'rows': a JSON array's text (the arrays are joined); 'list': an array bound as a PostgreSQL array (concatenated);
 * 'same': a value every write binds alike (bound once; writes that differ do not share a statement); 'distinct':
 * a 'list' whose elements are the write's key (writes with an element in common do not share a statement, so
 * each finds its own row in the result).
 */
export type ValueMerge = 'rows' | 'list' | 'same' | 'distinct';

/** How a combined statement's values merge (`SqlPart.merges`, part after part), or null if one part cannot. */
export function mergesOf(parts: readonly SqlPart[]): ValueMerge[] | null {
  const merges: ValueMerge[] = [];
  for (const part of parts) {
    if (!part.merges || part.merges.length !== part.values.length) return null;
    merges.push(...part.merges);
  }
  return merges;
}

/**
 * Combined statements by their parts' shapes: a trie over each part's SQL (the string itself as the key, so a
 * repository's constant SQL is hashed once per process), then its value count and flags, then the name.
 */
interface Shapes {
  readonly bySql: Map<string, Map<number, Shapes>>;
  readonly byName: Map<string, PreparedStatement>;
}
const shapes: Shapes = { bySql: new Map(), byName: new Map() };
const combined = new Map<string, PreparedStatement>();

/**
 * Several writes as ONE statement: each part becomes a common table expression of `with ... select 1`, its
 * placeholders renumbered after the parts before it. PostgreSQL runs them as one statement (atomic, one round
 * trip); deferred foreign keys make the order of the parts irrelevant. Parts must not read each other's rows
 * (every part sees the snapshot from before the statement), except what the part before RETURNs
 * (`readsPrevious`). Answers `select 1`, or the `counted` rows' number. Named after `name` and the shape of the parts,
 * so each combination is parsed once per connection; its text is built once per process (found again by the
 * parts' SQL, without renumbering it at every write).
 */
export function combinedStatement(
  name: string,
  parts: readonly SqlPart[],
): { statement: PreparedStatement; values: unknown[] } {
  const values: unknown[] = [];
  let node = shapes;
  for (const part of parts) {
    for (const value of part.values) values.push(value);
    const shape = part.values.length * 4 + (part.readsPrevious ? 2 : 0) + (part.counted ? 1 : 0);
    let byShape = node.bySql.get(part.sql);
    if (!byShape) {
      byShape = new Map();
      node.bySql.set(part.sql, byShape);
    }
    let next = byShape.get(shape);
    if (!next) {
      next = { bySql: new Map(), byName: new Map() };
      byShape.set(shape, next);
    }
    node = next;
  }
  let statement = node.byName.get(name);
  if (!statement) {
    statement = combinedText(name, parts);
    node.byName.set(name, statement);
  }
  return { statement, values };
}

/**
 * The combined statement of `parts` as writes merged into it run it (`SqlPart.mergedSql` for a part that has it):
 * the statement itself when no part has one.
 */
export function mergedStatement(name: string, parts: readonly SqlPart[]): PreparedStatement {
  if (!parts.some((part) => part.mergedSql !== undefined)) return combinedStatement(name, parts).statement;
  return combinedStatement(
    name,
    parts.map((part) => (part.mergedSql === undefined ? part : { ...part, sql: part.mergedSql })),
  ).statement;
}

function combinedText(name: string, parts: readonly SqlPart[]): PreparedStatement {
  let offset = 0;
  const counted: string[] = [];
  const ctes = parts.map((part, index) => {
    let sql = part.sql.replace(/\$(\d+)/g, (_, n: string) => `$${offset + Number(n)}`);
    offset += part.values.length;
    if (part.readsPrevious) sql = sql.replaceAll('{{previous}}', `w${index - 1}`);
    if (part.counted) counted.push(`(select count(*) from w${index})`);
    return `w${index} as (${sql})`;
  });
  const result = counted.length > 0 ? `select (${counted.join(' + ')})::int as counted` : 'select 1';
  const text = `with ${ctes.join(',\n')}\n${result}`;
  let statement = combined.get(text);
  if (!statement) {
    statement = preparedStatement(`${name}.${combined.size + 1}`, text);
    combined.set(text, statement);
  }
  return statement;
}
