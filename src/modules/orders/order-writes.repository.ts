import {
  type PreparedStatement,
  preparedStatement,
  type SharedRead,
  type SqlPart,
} from '../../platform/db/prepared.ts';
import { Repository, type UnitOfWork } from '../../platform/db/repository.ts';
import {
  DELIVERIES_CHANNEL,
  OUTBOX_CHANNEL,
  OUTBOX_RELAYED_CHANNEL,
} from '../../platform/pubsub/channels.ts';
import { Order } from './order.entity.ts';
import { isUuid } from './order.repository.ts';
import {
  type ColumnMap,
  EVENT_COLUMNS,
  insertRowsSql,
  jsonFields,
  ORDER_COLUMNS,
  OUTBOX_COLUMNS,
  rowJson,
  rowsJson,
  TRANSACTION_COLUMNS,
  updateRowsSql,
} from './order-rows.repository.ts';
import { markUnreadParts, type OrderView } from './order-view.ts';
import { OrderViewRepository, parseOrderView } from './order-views.repository.ts';
import { OutboxEvent } from './outbox.entity.ts';
import type { OutboxConsumers } from './outbox-consumers.ts';
import { Transaction, TransactionEvent } from './transaction.entity.ts';

/** A row a status change or a new order writes (status-changes.ts adds them). */
export type OrderRow = Order | Transaction | TransactionEvent | OutboxEvent;

/**
 * The writes of one command to the orders module's tables (orders, transactions, transaction events, the
 * outbox), sent to PostgreSQL as ONE statement (`OrderWriteRepository.save`). The only way those rows are
 * written: no command flushes them through the ORM. New rows are collected as they are added and written as
 * they are when saved; rows read with `lockOrder` (or `readGuardedOrder`) are written back when they changed
 * by then (a snapshot of each row's columns, compared when saved: `snapshotOf`).
 */
export class OrderChanges {
  readonly #inserts = new Map<ColumnMap, OrderRow[]>();
  /** Who decides how the outbox rows are written (null: every row is left to the relay as given). */
  readonly #consumers: OutboxConsumers | null;
  /** Set: the consumers may do their work for the outbox rows in the write's own statement. */
  readonly #relaysItself: boolean;
  /** Whether the outbox rows written leave work for the relay (set when the parts are built). */
  #leavesUnrelayed = false;
  /** Each row read, with what its columns held then (`snapshotOf`). */
  readonly #tracked = new Map<Order | Transaction, readonly unknown[]>();
  /** Other modules' writes of the same command (a stored card, a card authorization), built when saved. */
  readonly #also: (() => SqlPart)[] = [];

  /**
   * `consumers` (deps.outboxConsumers) decide how the outbox rows are written; `relaysItself`: the write is
   * the relay for the rows whose order it has in hand (webhooks: their deliveries are queued in the same
   * statement) instead of leaving them to the relay.
   */
  constructor(options: { consumers?: OutboxConsumers; relaysItself?: boolean } = {}) {
    this.#consumers = options.consumers ?? null;
    this.#relaysItself = options.relaysItself ?? false;
  }

  add(...rows: OrderRow[]): void {
    for (const row of rows) {
      const columns = columnsOf(row);
      if (this.#tracked.has(row as Order)) continue;
      const list = this.#inserts.get(columns);
      if (list) list.push(row);
      else this.#inserts.set(columns, [row]);
    }
  }

  /** Whether the writes include outbox rows (the events feed and the relay are woken after the commit). */
  get writesEvents(): boolean {
    return this.#inserts.has(OUTBOX_COLUMNS);
  }

  /** Whether some outbox row written is left for the relay (known once `parts` has run). */
  get leavesUnrelayed(): boolean {
    return this.#leavesUnrelayed;
  }

  /** Another module's write, as a part of the same statement. */
  also(part: () => SqlPart): void {
    this.#also.push(part);
  }

  /** Remembers a row as read, so that `parts` writes it back if it changed. */
  track(row: Order | Transaction): void {
    this.#tracked.set(row, snapshotOf(row, columnsOf(row)));
  }

  /** Every write, one part per table and kind. */
  parts(): SqlPart[] {
    const parts: SqlPart[] = [];
    for (const [columns, rows] of this.#inserts) {
      if (columns === OUTBOX_COLUMNS) {
        parts.push(...this.#outboxParts(rows as OutboxEvent[]));
        continue;
      }
      parts.push({ sql: INSERTS.get(columns)!, values: [rowsJson(rows, columns)], merges: ROWS });
    }
    // Each changed row's JSON (only a changed row is serialised: most rows read under a lock are not written).
    const changed = new Map<ColumnMap, string[]>();
    for (const [row, snapshot] of this.#tracked) {
      const columns = columnsOf(row);
      if (unchangedSince(row, columns, snapshot)) continue;
      const json = rowJson(row, columns);
      const list = changed.get(columns);
      if (list) list.push(json);
      else changed.set(columns, [json]);
    }
    for (const [columns, rows] of changed) {
      const table = TABLES.get(columns)!;
      // Rows this command locked (or read under its order's lock): only its own write updates them, so writes of
      // several requests sharing a transaction may update theirs in one statement.
      parts.push({
        sql: updateSql(table, columns, rows.length),
        values: [`[${rows.join(',')}]`],
        merges: ROWS,
        mergedSql: updateSql(table, columns, 2),
      });
    }
    for (const part of this.#also) parts.push(part());
    return parts;
  }

  /**
   * The outbox rows, written as the registered consumers decide (outbox-consumers.ts): a row no consumer needs
   * is written relayed, a 'maybe' row left unrelayed when the database finds a consumer's condition true, and
   * a consumer's own work for the rows (webhooks: queueing deliveries) done in the same statement when the
   * write relays itself. Without consumers every row is left to the relay as given.
   */
  #outboxParts(rows: OutboxEvent[]): SqlPart[] {
    const values = () => [rowsJson(rows, OUTBOX_COLUMNS)];
    if (this.#consumers === null) {
      // As the entity's `onCreate` fills it when the ORM writes a row (the column is not null).
      for (const row of rows) row.createdAt ??= new Date();
      this.#leavesUnrelayed ||= rows.some((row) => row.relayedAt == null);
      return [{ sql: INSERT_OUTBOX_ROWS_AS_GIVEN, values: values(), merges: ROWS }];
    }
    const orders = new Map<string, Order>();
    for (const row of [...(this.#inserts.get(ORDER_COLUMNS) ?? []), ...this.#tracked.keys()]) {
      if (row instanceof Order) orders.set(row.id, row);
    }
    const plan = this.#consumers.plan(rows, orders, this.#relaysItself);
    this.#leavesUnrelayed ||= plan.leavesUnrelayed;
    const insert = { sql: insertOutboxSql(plan.relayWhen), values: values(), merges: ROWS };
    if (plan.parts.length === 0) return [insert];
    return [{ ...insert, sql: `${insert.sql}\n  returning ${OUTBOX_RETURNING}` }, ...plan.parts];
  }
}

/** An insert's one value, its rows' JSON: concurrent writes' rows join into one statement (`SqlPart.merges`). */
const ROWS = ['rows'] as const;

/** What the consumers' parts read of the outbox rows just inserted. */
const OUTBOX_RETURNING = 'id, event_id, type, project_id, order_id, data, created_at';

const INSERT_OUTBOX_ROWS_AS_GIVEN = insertRowsSql('outbox_events', OUTBOX_COLUMNS);

const outboxInserts = new Map<string, string>();

/** The outbox insert; a row is written unrelayed when one of `relayWhen` (over the row `r`) holds. */
function insertOutboxSql(relayWhen: readonly string[]): string {
  if (relayWhen.length === 0) return INSERT_OUTBOX_ROWS_AS_GIVEN;
  const key = relayWhen.join('\n');
  let sql = outboxInserts.get(key);
  if (sql === undefined) {
    const unrelayed = relayWhen.map((condition) => `(${condition})`).join(' or ');
    sql = `insert into outbox_events (${OUTBOX_COLUMNS.map(([, column]) => column).join(', ')})
  select ${OUTBOX_COLUMNS.map(([, column]) =>
    column === 'relayed_at' ? `case when ${unrelayed} then null else r.relayed_at end` : `r.${column}`,
  ).join(', ')}
  from json_populate_recordset(null::outbox_events, $1::json) r`;
    outboxInserts.set(key, sql);
  }
  return sql;
}

const TABLES = new Map<ColumnMap, string>([
  [ORDER_COLUMNS, 'orders'],
  [TRANSACTION_COLUMNS, 'transactions'],
  [EVENT_COLUMNS, 'transaction_events'],
  [OUTBOX_COLUMNS, 'outbox_events'],
]);

/**
 * Each table's insert, built once: a write's parts are found again by their text (`combinedStatement`), and one
 * string object keeps its hash where a text built again at every write is hashed again (9 µs of a create in a profile).
 */
const INSERTS = new Map<ColumnMap, string>(
  [...TABLES].map(([columns, table]) => [columns, insertRowsSql(table, columns)]),
);

function columnsOf(row: OrderRow): ColumnMap {
  if (row instanceof Order) return ORDER_COLUMNS;
  if (row instanceof Transaction) return TRANSACTION_COLUMNS;
  if (row instanceof TransactionEvent) return EVENT_COLUMNS;
  if (row instanceof OutboxEvent) return OUTBOX_COLUMNS;
  throw new Error('not a row of the orders module');
}

const updates = new Map<string, string>();

/** `updateRowsSql`, built once per table and number of rows (one row, or several). */
function updateSql(table: string, columns: ColumnMap, count: number): string {
  const key = `${table}:${count === 1 ? 1 : 2}`;
  let sql = updates.get(key);
  if (sql === undefined) {
    sql = updateRowsSql(table, columns, count);
    updates.set(key, sql);
  }
  return sql;
}

/** A jsonb column's object or array as read, compared by its JSON. */
class Structured {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}

/** A timestamp column's date as read, compared by its time (two dates have the same JSON exactly then). */
class At {
  readonly time: number;
  constructor(time: number) {
    this.time = time;
  }
}

/**
 * What a row's columns hold, one entry per column: a primitive as it is, a date as its time, an object as its
 * JSON (so a date or a jsonb object changed in place is seen). Comparing it with the row later
 * (`unchangedSince`) answers what comparing the row's whole JSON would (a change the JSON would not show, such as
 * -0 for 0, only writes the row again), without serialising a row that did not change, nor one that did twice.
 */
function snapshotOf(record: object, columns: ColumnMap): unknown[] {
  const source = record as Record<string, unknown>;
  return columns.map(([property]) => snapshotValue(source[property] ?? null));
}

function snapshotValue(value: unknown): unknown {
  if (value instanceof Date) return new At(value.getTime());
  return typeof value === 'object' && value !== null ? new Structured(JSON.stringify(value)) : value;
}

/** Whether every column of the row still holds what its snapshot says. */
function unchangedSince(record: object, columns: ColumnMap, snapshot: readonly unknown[]): boolean {
  const source = record as Record<string, unknown>;
  for (let index = 0; index < columns.length; index++) {
    const then = snapshot[index];
    const now = source[columns[index]![0]] ?? null;
    if (then instanceof At) {
      if (!(now instanceof Date) || !Object.is(now.getTime(), then.time)) return false;
    } else if (then instanceof Structured) {
      if (typeof now !== 'object' || now === null || now instanceof Date || JSON.stringify(now) !== then.json)
        return false;
    } else if (!Object.is(now, then)) return false;
  }
  return true;
}

/**
 * Row-locks an order for the rest of the database transaction, found by order id ($1) or by the setup token of
 * one of its transactions ($3); $2 the caller's project (null: customer-facing flows keyed by an unguessable id).
 *
 * Only the lock: the view is read by the NEXT statement. Under READ COMMITTED a statement sees the database as
 * of its start, so a lock that had to wait for a concurrent writer would otherwise hand back what that writer
 * has just changed as it was before (its transaction, its setup token) — and the command would act on it twice.
 */
const LOCK_ORDER = preparedStatement(
  'orders.lock',
  `select o.id::text as id
   from orders o
   where o.id = coalesce($1::uuid, (select t.order_id from transactions t where t.setup_token = $3::uuid))
     and ($2::uuid is null or o.project_id = $2::uuid)
   for update of o`,
);

const ORDER_ROW_FIELDS = jsonFields('o', ORDER_COLUMNS);

/**
 * LOCK_ORDER by order id that also returns the order row: under READ COMMITTED a `for update` that had to wait
 * for a concurrent writer re-reads the row it locks once that writer committed, so the row it returns is the
 * locked one as it is now (the ORM's `PESSIMISTIC_WRITE` lock read it the same way). Rows of other tables are
 * another statement's (READ_TRANSACTIONS_OF), for the reason LOCK_ORDER gives.
 */
const LOCK_ORDER_ROW = preparedStatement(
  'orders.lock_row',
  `select json_build_object(${ORDER_ROW_FIELDS})::text as "order"
   from orders o
   where o.id = $1::uuid and ($2::uuid is null or o.project_id = $2::uuid)
   for update of o`,
);

/** An order's transactions ($1), oldest first, as the view has them (without their events). */
const READ_TRANSACTIONS_OF = preparedStatement(
  'orders.read_transactions_of',
  `select coalesce(json_agg(json_build_object(
     'transaction', json_build_object(${jsonFields('t', TRANSACTION_COLUMNS)}), 'events', '[]'::json
   ) order by t.created_at, t.id), '[]'::json)::text as transactions
   from transactions t where t.order_id = $1::uuid`,
);

/**
 * An order locked for a command: its entities (changes are tracked) and its view (what the answer shows; without
 * events and related orders when locked without history).
 */
export interface LockedOrder {
  order: Order;
  transactions: Transaction[];
  view: OrderView;
}

/**
 * Another module's read that does not depend on the lock, sent in the lock's own statement to save a round trip:
 * a scalar SQL expression (its placeholders numbered from `$1`, renumbered after the lock's) whose value comes
 * back as text. Only for rows that never change once written (a stored card): the lock statement reads as of
 * its start, before any wait for the lock.
 */
export interface AlongsideRead {
  /** Names the combined prepared statement (`orders.lock+<name>`): one name per SQL text. */
  readonly name: string;
  readonly sql: string;
  readonly values: readonly unknown[];
}

const lockStatements = new Map<string, { statement: PreparedStatement; shared: SharedRead }>();

/**
 * LOCK_ORDER by setup token as the requests of a shared transaction send it together (platform/db
 * shared-transactions.ts): $1 their setup tokens, $2 their projects (null: no tenant check). The orders are locked
 * in id order, each row answered to the request whose token and project found it (`request`).
 */
const LOCK_ORDERS_BY_SETUP_TOKEN_SHARED = preparedStatement(
  'orders.lock_by_setup_token_shared',
  `select m.request, o.id::text as id
   from unnest($1::uuid[], $2::uuid[]) with ordinality as m(token, project_id, request)
   join transactions t on t.setup_token = m.token
   join orders o on o.id = t.order_id and (m.project_id is null or o.project_id = m.project_id)
   order by o.id
   for update of o`,
);
const LOCK_BY_SETUP_TOKEN_SHARED: SharedRead = {
  statement: LOCK_ORDERS_BY_SETUP_TOKEN_SHARED,
  // LOCK_ORDER's values: the order id (null here), the project, the setup token.
  values: (requests) => [requests.map((values) => values[2]), requests.map((values) => values[1])],
};

/**
 * The lock of LOCK_ORDER by order id ($1) within the project ($2), with the other read beside it. By id only:
 * with the setup-token branch of LOCK_ORDER in it, a custom plan (folding that branch away) came out cheaper
 * than the generic one and PostgreSQL planned the statement again at every call (pg_stat_statements: plans =
 * calls, 0.25 ms of planning per flow).
 */
function lockWith(read: AlongsideRead): { statement: PreparedStatement; shared: SharedRead } {
  let lock = lockStatements.get(read.name);
  if (!lock) {
    const expression = read.sql.replace(/\$(\d+)/g, (_, n: string) => `$${2 + Number(n)}`);
    const statement = preparedStatement(
      `orders.lock+${read.name}`,
      `select o.id::text as id, (${expression})::text as alongside
       from orders o
       where o.id = $1::uuid and o.project_id = $2::uuid
       for update of o`,
    );
    // The requests of a shared transaction together: the orders locked in id order, each row answered to the
    // request whose order and project found it (`request`), the other read's values as text columns of their own
    // (its casts apply to them).
    const count = read.values.length;
    const columns = Array.from({ length: count }, (_, index) => `a${index + 1}`);
    const together = preparedStatement(
      `orders.lock_shared+${read.name}`,
      `select m.request, o.id::text as id,
         (${read.sql.replace(/\$(\d+)/g, (_, n: string) => `m.a${n}`)})::text as alongside
       from unnest($1::uuid[], $2::uuid[]${columns.map((_, index) => `, $${index + 3}::text[]`).join('')})
         with ordinality as m(order_id, project_id${columns.map((column) => `, ${column}`).join('')}, request)
       join orders o on o.id = m.order_id and o.project_id = m.project_id
       order by o.id
       for update of o`,
    );
    const shared: SharedRead = {
      statement: together,
      values: (requests) => [
        requests.map((values) => values[0]),
        requests.map((values) => values[1]),
        ...columns.map((_, index) =>
          requests.map((values) => (values[2 + index] == null ? null : String(values[2 + index]))),
        ),
      ],
    };
    lock = { statement, shared };
    lockStatements.set(read.name, lock);
  }
  return lock;
}

/** What an order's lock is claimed as in a transaction shared by several requests (`Repository.claimLocked`). */
function lockKey(orderId: string): string {
  return `orders:${orderId}`;
}

/** An order's rows as read, as entities `changes` tracks (written back by `save` when they changed). */
function tracked(read: OrderView, changes: OrderChanges): LockedOrder {
  const order = Order.restore(read.order);
  const transactions = read.transactions.map((t) => Transaction.restore(t.transaction));
  changes.track(order);
  for (const transaction of transactions) changes.track(transaction);
  const view: OrderView = {
    order,
    transactions: transactions.map((transaction, index) => ({
      transaction,
      events: [...read.transactions[index]!.events],
    })),
    relatedOrders: read.relatedOrders,
  };
  return { order, transactions, view };
}

/** The reads under lock and the one-statement writes of every command that changes orders. */
export class OrderWriteRepository extends Repository {
  readonly #views: OrderViewRepository;

  constructor(uow: UnitOfWork) {
    super(uow);
    this.#views = new OrderViewRepository(uow);
  }

  /**
   * Locks an order (by id, or by a setup token of one of its transactions), then reads its view as it is once
   * locked (see LOCK_ORDER), with the events and related orders unless `withHistory` is false (a command that answers
   * with the order needs them); `changes` tracks the order and its transactions so that `save` writes back
   * what changed. `alongside`: another read sent in the lock's statement, its value returned as `alongside`.
   * In a pipelined transaction the view's read is sent right behind the lock, by the same key: it still runs
   * after the lock is held, with a snapshot of its own, so it costs no round trip of its own.
   */
  async lockOrder(
    projectId: string | null,
    by: { orderId: string } | { setupToken: string },
    changes: OrderChanges,
    options: { withHistory: boolean; alongside?: AlongsideRead } = { withHistory: true },
  ): Promise<(LockedOrder & { alongside: string | null }) | null> {
    const orderId = 'orderId' in by ? by.orderId : null;
    const setupToken = 'setupToken' in by ? by.setupToken : null;
    // Not an id at all: not found, as the database would answer had the text been a uuid.
    if (!isUuid(orderId ?? setupToken!)) return null;
    const { alongside } = options;
    if (alongside && (orderId === null || projectId === null)) {
      throw new Error('a read alongside the lock needs the order id and the project');
    }
    const parts = { events: options.withHistory, relatedOrders: options.withHistory };
    // In a transaction shared by several requests, the others' locks leave with this one as one statement.
    type Locked = { id: string; alongside?: string | null };
    const lock = alongside
      ? this.preparedShared<Locked>(
          lockWith(alongside).statement,
          [orderId, projectId, ...alongside.values],
          lockWith(alongside).shared,
        )
      : orderId === null
        ? this.preparedShared<Locked>(
            LOCK_ORDER,
            [orderId, projectId, setupToken],
            LOCK_BY_SETUP_TOKEN_SHARED,
          )
        : this.prepared<Locked>(LOCK_ORDER, [orderId, projectId, setupToken]);
    let locked: { id: string; alongside?: string | null } | undefined;
    let read: OrderView | null;
    if (this.pipelines) {
      [[locked], read] = await Promise.all([lock, this.#views.readViewOf(projectId, by, parts)]);
    } else {
      [locked] = await lock;
      read = locked ? await this.#views.readViewOf(projectId, { orderId: locked.id }, parts) : null;
    }
    if (!locked || !read || read.order.id !== locked.id) return null;
    this.claimLocked(lockKey(locked.id));
    return { ...tracked(read, changes), alongside: locked.alongside ?? null };
  }

  /**
   * Locks an order by id for a command that changes its rows and answers without its view: the lock returns
   * the order row (LOCK_ORDER_ROW), the next statement its transactions, as the ORM's lock and `transactionsOf`
   * did; `changes` tracks them so that `save` writes back what changed. Null when not found (another project's
   * order included).
   */
  async lockOrderRows(
    projectId: string | null,
    orderId: string,
    changes: OrderChanges,
  ): Promise<{ order: Order; transactions: Transaction[] } | null> {
    if (!isUuid(orderId)) return null;
    const [locked] = await this.prepared<{ order: string }>(LOCK_ORDER_ROW, [orderId, projectId]);
    if (!locked) return null;
    this.claimLocked(lockKey(orderId.toLowerCase()));
    const [read] = await this.prepared<{ transactions: string }>(READ_TRANSACTIONS_OF, [orderId]);
    const view = parseOrderView(
      `{"order":${locked.order},"transactions":${read!.transactions},"relatedOrders":[]}`,
    );
    markUnreadParts(view, { events: false, relatedOrders: false });
    const { order, transactions } = tracked(view, changes);
    return { order, transactions };
  }

  /**
   * An order read for a change WITHOUT a lock of its own, tracked by `changes` like a locked one: only for an
   * order whose changes another lock held by the caller already serialises (a refund order, under its original
   * order's lock, as create-refund.ts and the refund completer take it). Without events and related orders.
   */
  async readGuardedOrder(
    projectId: string | null,
    orderId: string,
    changes: OrderChanges,
  ): Promise<LockedOrder | null> {
    if (!isUuid(orderId)) return null;
    const read = await this.#views.readViewOf(
      projectId,
      { orderId },
      { events: false, relatedOrders: false },
    );
    return read ? tracked(read, changes) : null;
  }

  /** Writes everything `changes` holds (and `extra` parts) in one statement; nothing at all when empty. */
  save(changes: OrderChanges, ...extra: SqlPart[]): Promise<void> {
    return this.#write(changes, extra, false);
  }

  /**
   * `save` as the unit of work's last statement: a pipelined transaction sends its COMMIT right behind it
   * (Repository.preparedLast). The command sends nothing after it and answers from what it wrote.
   */
  saveLast(changes: OrderChanges): Promise<void> {
    return this.#write(changes, [], true);
  }

  async #write(changes: OrderChanges, extra: SqlPart[], last: boolean): Promise<void> {
    const parts = [...changes.parts(), ...extra];
    if (parts.length === 0) return;
    const [written] = await this.combined<{ counted?: number }>('orders.write', parts, { last });
    // The relay is woken only for rows left to it; the events feed for every row.
    if (changes.writesEvents) {
      this.signalAfterCommit(changes.leavesUnrelayed ? OUTBOX_CHANNEL : OUTBOX_RELAYED_CHANNEL);
    }
    if ((written?.counted ?? 0) > 0) this.signalAfterCommit(DELIVERIES_CHANNEL);
  }
}
