import { isoTimestamp } from '../../platform/iso-timestamp.ts';
import { OrderSchema } from './order.entity.ts';
import { OutboxEventSchema } from './outbox.entity.ts';
import { TransactionEventSchema, TransactionSchema } from './transaction.entity.ts';

/**
 * The columns of the orders module's tables, each once: property name -> column name, derived from the
 * entities' definitions. The read model builds its JSON from them and the direct writes
 * (order-writes.repository.ts) turn records into rows with them, so a column added to an entity (and its
 * migration) is read and written at once; test/orders/entity-columns.test.ts holds them to the tables.
 */
export type ColumnMap = readonly (readonly [property: string, column: string])[];

/** What a column list needs of an entity's definition (MikroORM's `defineEntity` metadata). */
interface EntityDefinition {
  readonly meta: {
    readonly properties: Readonly<
      Record<
        string,
        { readonly persist?: boolean; readonly autoincrement?: boolean; readonly fieldName?: string }
      >
    >;
  };
}

/**
 * The columns a write fills, in the definition's order: every persisted property but what the database fills
 * itself (an autoincrement id; `persist(false)`, e.g. `seq`), named as MikroORM's underscore naming strategy
 * names it (or its own `fieldName`).
 */
export function columnsOf(entity: EntityDefinition): ColumnMap {
  return Object.entries(entity.meta.properties)
    .filter(([, property]) => property.persist !== false && !property.autoincrement)
    .map(([name, property]) => [
      name,
      property.fieldName ?? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    ]);
}

export const ORDER_COLUMNS: ColumnMap = columnsOf(OrderSchema);
export const TRANSACTION_COLUMNS: ColumnMap = columnsOf(TransactionSchema);
/** `seq` is the database's (bigserial): read, never written. */
export const EVENT_COLUMNS: ColumnMap = columnsOf(TransactionEventSchema);
/** `id` is the database's (bigserial). */
export const OUTBOX_COLUMNS: ColumnMap = columnsOf(OutboxEventSchema);

/** `'id', o.id, 'projectId', o.project_id, ...`: the arguments of json_build_object for a row alias. */
export function jsonFields(alias: string, columns: ColumnMap): string {
  return columns.map(([property, column]) => `'${property}', ${alias}.${column}`).join(', ');
}

/**
 * A record as its row's JSON text, keyed by column (absent values null, dates as ISO 8601): what `JSON.stringify`
 * makes of the row object, from a serializer compiled once per column list. Every row a command writes passes
 * here; building an object per row for `JSON.stringify` to walk again, its dates through `toJSON`, cost 2.4 times
 * as much (an order row: 6.5 against 2.7 µs). The generated code names only the column list's own property and
 * column names, each quoted by `JSON.stringify`.
 */
export function rowJson(record: object, columns: ColumnMap): string {
  let serialize = ROW_SERIALIZERS.get(columns);
  if (!serialize) {
    serialize = compileRowJson(columns);
    ROW_SERIALIZERS.set(columns, serialize);
  }
  return serialize(record);
}

/** Rows as the JSON array a write's `json_populate_recordset` reads. */
export function rowsJson(records: readonly object[], columns: ColumnMap): string {
  let json = '[';
  for (let index = 0; index < records.length; index++) {
    if (index > 0) json += ',';
    json += rowJson(records[index]!, columns);
  }
  return `${json}]`;
}

const ROW_SERIALIZERS = new WeakMap<ColumnMap, (record: object) => string>();

function compileRowJson(columns: ColumnMap): (record: object) => string {
  if (columns.length === 0) return () => '{}';
  const fields = columns.map(
    ([property, column], index) =>
      `${JSON.stringify(`${index === 0 ? '{' : ','}${JSON.stringify(column)}:`)} + value(record[${JSON.stringify(property)}])`,
  );
  const make = new Function(
    'value',
    `return function rowJson(record) { return ${fields.join(' + ')} + '}'; };`,
  );
  return make(jsonValue) as (record: object) => string;
}

/** One column's value as JSON, as `JSON.stringify` writes it inside an object (absent: null). */
function jsonValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'null' : `"${isoTimestamp(value)}"`;
  return JSON.stringify(value) ?? 'null';
}

/** Inserts the rows of a JSON array (`$1`) of row objects into `table`. */
export function insertRowsSql(table: string, columns: ColumnMap): string {
  const names = columns.map(([, column]) => column).join(', ');
  return `insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, $1::json)`;
}

/**
 * Writes every column but the key of the rows of a JSON array (`$1`) of whole row objects over `table`.
 *
 * One row (`count` 1: a command's order, its transaction) is found by its key in the JSON itself, which PostgreSQL
 * reaches through the primary key at any size of the table. Several rows are also found by their keys as an array
 * (`t.id = any(...)`); the planner takes that array (and the set-returning function) for 100 rows, and against a
 * young table a 100-row join plans as a sequential scan of the whole table. It did for one row too: on a new
 * database (orders' statistics cleared by 20261127100000, then a few hundred to a few thousand rows) the card
 * flow's order update and both transaction updates scanned the whole table at every flow.
 */
export function updateRowsSql(table: string, columns: ColumnMap, count = 2): string {
  const assignments = columns
    .filter(([, column]) => column !== 'id')
    .map(([, column]) => `${column} = r.${column}`)
    .join(', ');
  if (count === 1) {
    return `update ${table} t set ${assignments} from json_populate_record(null::${table}, $1::json -> 0) r
    where t.id = ($1::json -> 0 ->> 'id')::uuid`;
  }
  return `update ${table} t set ${assignments} from json_populate_recordset(null::${table}, $1::json) r
    where t.id = r.id and t.id = any(array(select (e ->> 'id')::uuid from json_array_elements($1::json) e))`;
}
