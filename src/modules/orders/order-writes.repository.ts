import {
  combinedStatement,
  type PreparedStatement,
  preparedStatement,
  type SqlPart,
} from '../../platform/db/prepared.ts';
import { Repository, type UnitOfWork } from '../../platform/db/repository.ts';
import {
  DELIVERIES_CHANNEL,
  OUTBOX_CHANNEL,
  OUTBOX_RELAYED_CHANNEL,
} from '../../platform/pubsub/channels.ts';
import { insertStatusChangeDeliveries } from '../webhooks/status-change-deliveries.ts';
import { Order } from './order.entity.ts';
import {
  type ColumnMap,
  EVENT_COLUMNS,
  insertRowsSql,
  ORDER_COLUMNS,
  OUTBOX_COLUMNS,
  rowOf,
  TRANSACTION_COLUMNS,
  updateRowsSql,
} from './order-rows.repository.ts';
import type { OrderView } from './order-view.ts';
import { OrderViewRepository } from './order-views.repository.ts';
import { OutboxEvent } from './outbox.entity.ts';
import { Transaction, TransactionEvent } from './transaction.entity.ts';

/** A row a status change or a new order writes (status-changes.ts adds them through `OrderRows`). */
export type OrderRow = Order | Transaction | TransactionEvent | OutboxEvent;

/** Where status changes put the rows they write: the ORM's unit of work, or an `OrderChanges`. */
export interface OrderRows {
  add(...rows: OrderRow[]): void;
}

/**
 * The writes of one command on the hot paths, sent to PostgreSQL as ONE statement (`OrderWriteRepository.save`)
 * instead of the ORM's flush (a statement per table and kind). New rows are collected as they are added and
 * written as they are when saved; rows read with `lockOrder` are written back when they changed by then.
 */
export class OrderChanges implements OrderRows {
  readonly #inserts = new Map<ColumnMap, OrderRow[]>();
  /** Set: the write queues the webhook deliveries of its status changes itself (`#outboxParts`). */
  readonly #webhookAttempts: number | null;
  /** Whether the outbox rows written leave work for the relay (set when the parts are built). */
  #leavesUnrelayed = false;
  readonly #tracked = new Map<Order | Transaction, string>();
  /** Other modules' writes of the same command (a stored card, a card authorization), built when saved. */
  readonly #also: (() => SqlPart)[] = [];

  /**
   * `webhookAttempts` (the attempts a delivery gets, WEBHOOK_MAX_ATTEMPTS): the write relays its own outbox
   * rows, queueing their webhook deliveries in the same statement, instead of leaving them to the relay.
   */
  constructor(options: { webhookAttempts?: number } = {}) {
    this.#webhookAttempts = options.webhookAttempts ?? null;
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
    this.#tracked.set(row, JSON.stringify(rowOf(row, columnsOf(row))));
  }

  /** Every write, one part per table and kind. */
  parts(): SqlPart[] {
    const parts: SqlPart[] = [];
    for (const [columns, rows] of this.#inserts) {
      if (columns === OUTBOX_COLUMNS) {
        parts.push(...this.#outboxParts(rows as OutboxEvent[]));
        continue;
      }
      parts.push({ sql: insertRowsSql(TABLES.get(columns)!, columns), values: [rowsJson(rows, columns)] });
    }
    // Each changed row's JSON, as compared with its snapshot: written as it is, not serialised again.
    const changed = new Map<ColumnMap, string[]>();
    for (const [row, snapshot] of this.#tracked) {
      const columns = columnsOf(row);
      const json = JSON.stringify(rowOf(row, columns));
      if (json === snapshot) continue;
      const list = changed.get(columns);
      if (list) list.push(json);
      else changed.set(columns, [json]);
    }
    for (const [columns, rows] of changed) {
      parts.push({
        sql: updateSql(TABLES.get(columns)!, columns, rows.length),
        values: [`[${rows.join(',')}]`],
      });
    }
    for (const part of this.#also) parts.push(part());
    return parts;
  }

  /**
   * The outbox rows, each written already relayed when no webhook can come from it, so the relay never has to
   * claim and update it (an update of `relayed_at` rewrites every index of the outbox). The relay queues a
   * delivery only for an order status change whose order or project has a webhook URL
   * (DeliveryQueueRepository.relayBatch): a transaction status change is relayed at once; an order status
   * change whose order (in hand, read or created by the writing command; its URL changes only under the order's
   * row lock, by update-order.ts) has no URL is relayed at once unless the project has one, which the statement
   * itself checks. Every other row is left to the relay exactly as before.
   *
   * With `webhookAttempts`, the write is the relay for every row whose order is in hand: the row is written
   * relayed and, in the same statement, an order status change gets its delivery queued under the relay's own
   * rule (QUEUE_DELIVERIES, webhooks' status-change-deliveries), so the relay neither claims nor rewrites it.
   */
  #outboxParts(rows: OutboxEvent[]): SqlPart[] {
    const orders = new Map<string, Order>();
    for (const row of [...(this.#inserts.get(ORDER_COLUMNS) ?? []), ...this.#tracked.keys()]) {
      if (row instanceof Order) orders.set(row.id, row);
    }
    const relaysItself = this.#webhookAttempts !== null;
    const delivered: { eventId: string; orderWebhookUrl: string | null }[] = [];
    for (const row of rows) {
      row.createdAt ??= new Date();
      const order = orders.get(row.orderId);
      if (row.relayedAt == null && relaysItself && order !== undefined) {
        row.relayedAt = row.createdAt;
        if (row.type === 'order.status_changed') {
          delivered.push({ eventId: row.eventId, orderWebhookUrl: order.webhookUrl ?? null });
        }
      }
      const noDelivery =
        row.type !== 'order.status_changed' || (order !== undefined && order.webhookUrl == null);
      if (row.relayedAt == null && noDelivery) row.relayedAt = row.createdAt;
    }
    if (!relaysItself) {
      // The statement may leave an order status change to the relay (its project's URL): wake it.
      this.#leavesUnrelayed = true;
      return [{ sql: INSERT_OUTBOX_ROWS, values: [rowsJson(rows, OUTBOX_COLUMNS)] }];
    }
    // Written exactly as decided here: a row is relayed, or (its order not in hand) left to the relay.
    this.#leavesUnrelayed ||= rows.some((row) => row.relayedAt == null);
    const insert = { sql: INSERT_OUTBOX_ROWS_AS_GIVEN, values: [rowsJson(rows, OUTBOX_COLUMNS)] };
    if (delivered.length === 0) return [insert];
    return [
      {
        ...insert,
        sql: `${insert.sql}\n  returning id, event_id, type, project_id, order_id, data, created_at`,
      },
      {
        sql: QUEUE_DELIVERIES,
        values: [
          delivered.map((d) => d.eventId),
          delivered.map((d) => d.orderWebhookUrl),
          this.#webhookAttempts,
        ],
        readsPrevious: true,
        counted: true,
      },
    ];
  }
}

/** See `#outboxParts`: an order status change stays unrelayed when its project has a webhook URL. */
const INSERT_OUTBOX_ROWS = `insert into outbox_events (${OUTBOX_COLUMNS.map(([, column]) => column).join(', ')})
  select ${OUTBOX_COLUMNS.map(([, column]) =>
    column === 'relayed_at'
      ? `case when r.type = 'order.status_changed'
           and exists (select 1 from projects p where p.id = r.project_id and p.webhook_url is not null)
         then null else r.relayed_at end`
      : `r.${column}`,
  ).join(', ')}
  from json_populate_recordset(null::outbox_events, $1::json) r`;

const INSERT_OUTBOX_ROWS_AS_GIVEN = insertRowsSql('outbox_events', OUTBOX_COLUMNS);

/**
 * The relay's own rule (webhooks' status-change-deliveries), for the order status changes of `{{previous}}` (the
 * outbox rows just inserted) whose event id is in $1: a delivery for each whose order ($2, in hand) or project
 * has a webhook URL, with $3 attempts at most.
 */
const QUEUE_DELIVERIES = insertStatusChangeDeliveries({
  rows: '{{previous}} r',
  orderJoin:
    'join unnest($1::uuid[], $2::text[]) as u(event_id, order_webhook_url) on u.event_id = r.event_id',
  orderWebhookUrl: 'u.order_webhook_url',
  createdAt: 'r.created_at',
  maxAttempts: '$3::int',
});

const TABLES = new Map<ColumnMap, string>([
  [ORDER_COLUMNS, 'orders'],
  [TRANSACTION_COLUMNS, 'transactions'],
  [EVENT_COLUMNS, 'transaction_events'],
  [OUTBOX_COLUMNS, 'outbox_events'],
]);

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

function rowsJson(rows: readonly object[], columns: ColumnMap): string {
  return JSON.stringify(rows.map((row) => rowOf(row, columns)));
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

const lockStatements = new Map<string, PreparedStatement>();

/**
 * The lock of LOCK_ORDER by order id ($1) within the project ($2), with the other read beside it. By id only:
 * with the setup-token branch of LOCK_ORDER in it, a custom plan (folding that branch away) came out cheaper
 * than the generic one and PostgreSQL planned the statement again at every call (pg_stat_statements: plans =
 * calls, 0.25 ms of planning per flow).
 */
function lockWith(read: AlongsideRead): PreparedStatement {
  let statement = lockStatements.get(read.name);
  if (!statement) {
    const expression = read.sql.replace(/\$(\d+)/g, (_, n: string) => `$${2 + Number(n)}`);
    statement = preparedStatement(
      `orders.lock+${read.name}`,
      `select o.id::text as id, (${expression})::text as alongside
       from orders o
       where o.id = $1::uuid and o.project_id = $2::uuid
       for update of o`,
    );
    lockStatements.set(read.name, statement);
  }
  return statement;
}

/** The hot write paths' reads under lock and their one-statement writes. */
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
    const { alongside } = options;
    if (alongside && (orderId === null || projectId === null)) {
      throw new Error('a read alongside the lock needs the order id and the project');
    }
    const parts = { events: options.withHistory, relatedOrders: options.withHistory };
    const lock = this.prepared<{ id: string; alongside?: string | null }>(
      alongside ? lockWith(alongside) : LOCK_ORDER,
      alongside ? [orderId, projectId, ...alongside.values] : [orderId, projectId, setupToken],
    );
    let locked: { id: string; alongside?: string | null } | undefined;
    let read: OrderView | null;
    if (this.pipelines) {
      [[locked], read] = await Promise.all([lock, this.#views.readViewOf(projectId, by, parts)]);
    } else {
      [locked] = await lock;
      read = locked ? await this.#views.readViewOf(projectId, { orderId: locked.id }, parts) : null;
    }
    if (!locked || !read || read.order.id !== locked.id) return null;
    const order = Object.assign(new Order(), read.order);
    const transactions = read.transactions.map((t) => Object.assign(new Transaction(), t.transaction));
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
    return { order, transactions, view, alongside: locked.alongside ?? null };
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
    const { statement, values } = combinedStatement('orders.write', parts);
    const [written] = last
      ? await this.preparedLast<{ counted?: number }>(statement, values)
      : await this.prepared<{ counted?: number }>(statement, values);
    // The relay is woken only for rows left to it; the events feed for every row.
    if (changes.writesEvents) {
      this.signalAfterCommit(changes.leavesUnrelayed ? OUTBOX_CHANNEL : OUTBOX_RELAYED_CHANNEL);
    }
    if ((written?.counted ?? 0) > 0) this.signalAfterCommit(DELIVERIES_CHANNEL);
  }
}
