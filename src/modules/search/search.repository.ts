import type { PoolClient } from 'pg';
import { Repository } from '../../platform/db/repository.ts';
import type { OrderSearchPlan } from './plan.ts';
import type { SortKey } from './sort.ts';
import { joinSql, type SqlFragment, sqlFragment } from './sql-fragment.ts';

/** One matching order of a page: its id and its position in the sort (for the cursor). */
export interface OrderSearchHit {
  orderId: string;
  key: SortKey;
}

export interface OrderSearchPage {
  hits: OrderSearchHit[];
  /** Whether at least one more order follows this page. */
  hasMore: boolean;
}

/** One line of the CSV report as PostgreSQL returns it: all text, null for an empty cell. */
export interface ReportDbRow {
  id: string;
  merchant_order_id: string | null;
  /** UTC, PostgreSQL text format (`2026-11-21 10:00:00.123456`). */
  created: string;
  completed: string | null;
  currency: string;
  amount: string;
  status: string;
  transaction_id: string;
  transaction_status: string;
  transaction_payment_method: string;
  transaction_payment_method_brand: string | null;
  transaction_amount: string;
  transaction_currency: string;
  transaction_refund_of_transaction_id: string | null;
  transaction_truncated_pan: string | null;
  transaction_settlement_currency: string | null;
  transaction_settlement_amount: string | null;
  transaction_fee_currency: string | null;
  transaction_fee_amount: string | null;
  customer_merchant_customer_id: string | null;
  merchant_id: string;
  project_id: string;
}

/**
 * A server-side cursor over the report rows, yielding them a batch (one fetch) at a time; iterate once.
 * Closing early releases the connection.
 */
export interface ReportCursor extends AsyncIterable<ReportDbRow[]> {
  close(): Promise<void>;
}

/** Rows fetched per round trip of the report cursor; with one batch fetched ahead, at most twice this in memory. */
export const REPORT_FETCH_SIZE = 1000;

/**
 * A timestamp as PostgreSQL's plain text in UTC (`2026-11-21 10:00:00.123456`); the report turns it into ISO 8601.
 * Deliberately not `to_char`, whose formatting costs more than the rest of the report row together.
 */
const utcText = (column: string) => `(${column} at time zone 'UTC')::text`;

/**
 * Settlement and fee columns of `transactions` the report reads when they exist. The card payments work records
 * them; until a column exists its cells stay empty. Checked per report (one catalogue lookup) rather than read
 * through `to_jsonb(t)`, which would serialise every transaction row and halve the export rate.
 */
const OPTIONAL_TRANSACTION_COLUMNS = [
  'settlement_currency',
  'settlement_amount',
  'fee_currency',
  'fee_amount',
] as const;
type OptionalTransactionColumn = (typeof OPTIONAL_TRANSACTION_COLUMNS)[number];

/**
 * The fields of a report row whose text never holds a comma (uuids, UTC timestamps, statuses, method ids, currency
 * codes, amounts), in the order `reportRowOf` reads them. PostgreSQL sends them joined into one column: a row
 * of five columns instead of twenty-two costs the database and the driver half as much.
 */
const JOINED_FIELDS = [
  'id',
  'created',
  'completed',
  'currency',
  'amount',
  'status',
  'transaction_id',
  'transaction_status',
  'transaction_payment_method',
  'transaction_amount',
  'transaction_currency',
  'transaction_refund_of_transaction_id',
  'transaction_settlement_currency',
  'transaction_settlement_amount',
  'transaction_fee_currency',
  'transaction_fee_amount',
  'merchant_id',
  'project_id',
] as const satisfies readonly (keyof ReportDbRow)[];

/**
 * Without recorded settlement data a completed or captured transaction settles in its own currency and amount.
 * Column names come from the constant list above, never from input. Free text (the merchant's and the
 * customer's references, the brand, the truncated PAN) comes in columns of its own.
 */
function reportColumns(present: ReadonlySet<OptionalTransactionColumn>): string {
  const optional = (column: OptionalTransactionColumn) =>
    present.has(column) ? `t.${column}::text` : 'null';
  const settledAs = (own: string) => `case when t.status in ('completed', 'captured') then ${own}::text end`;
  const joined: Record<(typeof JOINED_FIELDS)[number], string> = {
    id: 'o.id',
    created: utcText('o.created_at'),
    completed: utcText('o.completed_at'),
    currency: 'o.currency',
    amount: 'o.amount',
    status: 'o.status',
    transaction_id: 't.id',
    transaction_status: 't.status',
    transaction_payment_method: 't.payment_method',
    transaction_amount: 't.amount',
    transaction_currency: 't.currency',
    transaction_refund_of_transaction_id: 't.refund_of_transaction_id',
    transaction_settlement_currency: `coalesce(${optional('settlement_currency')}, ${settledAs('t.currency')})`,
    transaction_settlement_amount: `coalesce(${optional('settlement_amount')}, ${settledAs('t.amount')})`,
    transaction_fee_currency: optional('fee_currency'),
    transaction_fee_amount: optional('fee_amount'),
    merchant_id: 'o.merchant_id',
    project_id: 'o.project_id',
  };
  const fields = JOINED_FIELDS.map((field) => `coalesce((${joined[field]})::text, '')`).join(', ');
  return `concat_ws(',', ${fields}) as joined,
  o.merchant_order_id,
  t.payment_method_brand,
  t.payment_method_details ->> 'truncated_pan' as truncated_pan,
  o.customer ->> 'merchant_customer_id' as merchant_customer_id`;
}

/** Text of an optional report cell: PostgreSQL's empty string stands for null. */
const orNull = (text: string | undefined) => (text ? text : null);

/** One row as `reportColumns` selects it (array row mode) as the report's row. */
function reportRowOf([
  joined,
  merchantOrderId,
  brand,
  truncatedPan,
  customerId,
]: ReportArrayRow): ReportDbRow {
  const f = joined.split(',');
  return {
    id: f[0]!,
    merchant_order_id: merchantOrderId,
    created: f[1]!,
    completed: orNull(f[2]),
    currency: f[3]!,
    amount: f[4]!,
    status: f[5]!,
    transaction_id: f[6]!,
    transaction_status: f[7]!,
    transaction_payment_method: f[8]!,
    transaction_payment_method_brand: brand,
    transaction_amount: f[9]!,
    transaction_currency: f[10]!,
    transaction_refund_of_transaction_id: orNull(f[11]),
    transaction_truncated_pan: truncatedPan,
    transaction_settlement_currency: orNull(f[12]),
    transaction_settlement_amount: orNull(f[13]),
    transaction_fee_currency: orNull(f[14]),
    transaction_fee_amount: orNull(f[15]),
    customer_merchant_customer_id: customerId,
    merchant_id: f[16]!,
    project_id: f[17]!,
  };
}

type ReportArrayRow = [string, string | null, string | null, string | null, string | null];

/**
 * Runs planned order searches against PostgreSQL. Every statement is scoped to one project and sent with real
 * bind parameters (`$1`, `$2`, ...) over the ORM's own connection pool: values never become SQL text.
 */
export class OrderSearchRepository extends Repository {
  /** One page in sort order, plus whether more follow (one extra row is fetched to know). */
  async findPage(projectId: string, plan: OrderSearchPlan): Promise<OrderSearchPage> {
    const where = scoped(projectId, plan.where);
    const rows = await this.#query<{ id: string; sort_value: string | null }>(
      sqlFragment(
        `select o.id::text as id, ${plan.sortValueSql} as sort_value from orders o where ${where.sql} ` +
          `order by ${plan.orderBy} limit ? offset ?`,
        [...where.params, plan.limit + 1, plan.offset],
      ),
    );
    const page = rows.slice(0, plan.limit);
    // A page read backwards comes in reverse order; `hasMore` then means more orders before it.
    if (plan.backwards) page.reverse();
    const hits = page.map((row) => ({ orderId: row.id, key: { value: row.sort_value, id: row.id } }));
    return { hits, hasMore: rows.length > plan.limit };
  }

  /** Whether any of the project's orders matches `where` (one index probe). */
  async anyMatches(projectId: string, where: SqlFragment): Promise<boolean> {
    const scopedWhere = scoped(projectId, where);
    const [row] = await this.#query<{ found: boolean }>(
      sqlFragment(
        `select exists (select 1 from orders o where ${scopedWhere.sql}) as found`,
        scopedWhere.params,
      ),
    );
    return row?.found === true;
  }

  /**
   * How many of the project's orders match the query filter (the whole result, not what remains), counting at
   * most `upTo` of them when given: a count stops there instead of visiting every match.
   */
  async countMatches(projectId: string, filter: SqlFragment, upTo: number | null = null): Promise<number> {
    const where = scoped(projectId, filter);
    const matches = `select 1 from orders o where ${where.sql}`;
    const [row] = await this.#query<{ total: string }>(
      upTo === null
        ? sqlFragment(`select count(*) as total from (${matches}) m`, where.params)
        : sqlFragment(`select count(*) as total from (${matches} limit ?) m`, [...where.params, upTo]),
    );
    return Number(row?.total ?? 0);
  }

  /**
   * Opens a server-side cursor over the report rows: one per transaction of every matching order, orders in
   * the plan's sort order, each order's transactions oldest first. With `paged` the plan's page (limit and
   * offset) applies to the orders, otherwise every matching order is included. Rows are fetched
   * REPORT_FETCH_SIZE at a time and only when the consumer asks for more, so memory stays flat.
   */
  async openReport(
    projectId: string,
    plan: OrderSearchPlan,
    options: { paged: boolean },
  ): Promise<ReportCursor> {
    const where = scoped(projectId, plan.where);
    const columns = reportColumns(await this.#optionalTransactionColumns());
    const order = `order by ${plan.orderBy}, t.created_at, t.id`;
    const statement = options.paged
      ? sqlFragment(
          `select ${columns} from (select o.* from orders o where ${where.sql} order by ${plan.orderBy} ` +
            `limit ? offset ?) o join transactions t on t.order_id = o.id ${order}`,
          [...where.params, plan.limit, plan.offset],
        )
      : sqlFragment(
          `select ${columns} from orders o join transactions t on t.order_id = o.id where ${where.sql} ${order}`,
          where.params,
        );
    const pool = await this.pool();
    const client = await pool.connect();
    try {
      // A cursor lives in a transaction; READ ONLY because an export never writes.
      await client.query('begin read only');
      const { text, values } = numbered(statement);
      await client.query(`declare order_report no scroll cursor for ${text}`, values);
    } catch (error) {
      await endReport(client, error);
      throw error;
    }
    return reportCursor(client);
  }

  async #optionalTransactionColumns(): Promise<Set<OptionalTransactionColumn>> {
    const rows = await this.#query<{ column_name: OptionalTransactionColumn }>(
      sqlFragment(
        `select column_name from information_schema.columns
         where table_schema = current_schema() and table_name = 'transactions' and column_name = any(?)`,
        [[...OPTIONAL_TRANSACTION_COLUMNS]],
      ),
    );
    return new Set(rows.map((row) => row.column_name));
  }

  async #query<T>(fragment: SqlFragment): Promise<T[]> {
    const { text, values } = numbered(fragment);
    return this.query<T>(text, values);
  }
}

function reportCursor(client: PoolClient): ReportCursor {
  let closed = false;
  const close = async (error?: unknown) => {
    if (closed) return;
    closed = true;
    await endReport(client, error);
  };
  return {
    close: () => close(),
    async *[Symbol.asyncIterator]() {
      const fetchBatch = async () =>
        (
          await client.query<ReportArrayRow>({
            text: `fetch ${REPORT_FETCH_SIZE} from order_report`,
            rowMode: 'array',
          })
        ).rows;
      let failure: unknown;
      // One batch is fetched ahead while the previous one is written, so the database and the process work at
      // the same time; memory stays bounded by two batches.
      let next: Promise<ReportArrayRow[]> | null = fetchBatch();
      try {
        while (next && !closed) {
          const rows: ReportArrayRow[] = await next;
          next = rows.length === REPORT_FETCH_SIZE ? fetchBatch() : null;
          if (rows.length > 0) yield rows.map(reportRowOf);
        }
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        // A fetch still in flight when the consumer stops fails once the connection is gone; nobody awaits it.
        next?.catch(() => undefined);
        // Runs after the last row, on an error and when the consumer stops early (a client that hung up).
        await close(failure);
      }
    },
  };
}

/** Ends the cursor's transaction and returns the connection; a broken connection is discarded, not reused. */
async function endReport(client: PoolClient, error?: unknown): Promise<void> {
  try {
    await client.query('rollback');
    client.release();
  } catch (rollbackError) {
    client.release(rollbackError instanceof Error ? rollbackError : new Error(String(error)));
  }
}

function scoped(projectId: string, filter: SqlFragment): SqlFragment {
  return joinSql([sqlFragment('o.project_id = cast(? as uuid)', [projectId]), filter], 'and');
}

/**
 * `?` placeholders (how the search module writes SQL) to PostgreSQL's `$n`. The SQL text is constant text of
 * the search module, which uses no `?` operator, so every `?` is a placeholder; a count mismatch is a bug.
 */
export function numbered(fragment: SqlFragment): { text: string; values: unknown[] } {
  let index = 0;
  const text = fragment.sql.replace(/\?/g, () => `$${++index}`);
  if (index !== fragment.params.length) {
    throw new Error(`SQL has ${index} placeholders but ${fragment.params.length} parameters`);
  }
  return { text, values: fragment.params };
}
