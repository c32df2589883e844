import type { CustomTypesConfig, PoolClient } from 'pg';
import { Repository } from '../../platform/db/repository.ts';
import type { CsvColumn } from './csv.ts';
import type { OrderSearchPlan } from './plan.ts';
import { REPORT_FIELDS, type ReportFieldKind } from './report-encoding.ts';
import { numbered, scoped } from './search.repository.ts';
import { sqlFragment } from './sql-fragment.ts';

/**
 * A server-side cursor over the report, yielding a batch (one fetch) at a time: each row is the report line in
 * the binary encoding of report-encoding.ts, as PostgreSQL's hex text (`\x…`). Iterate once; closing early
 * releases the connection.
 */
export interface ReportCursor extends AsyncIterable<string[][]> {
  close(): Promise<void>;
}

/**
 * Rows fetched per round trip of the report cursor; with one batch fetched ahead, at most twice this in memory.
 * Small enough that the batches alive across a young-generation collection are few: larger ones were promoted
 * to the old generation and grew the process by megabytes per second of export.
 */
export const REPORT_FETCH_SIZE = 500;

/** The report column is read as the hex text PostgreSQL sends; the writer decodes it (no Buffer per row). */
const RAW_TEXT: CustomTypesConfig = { getTypeParser: () => (value: string) => value };

/**
 * Settlement and fee columns of `transactions` the report reads when they exist. The card payments work records
 * them; until a column exists its cells stay empty. Checked per report (one catalogue lookup).
 */
const OPTIONAL_TRANSACTION_COLUMNS = [
  'settlement_currency',
  'settlement_amount',
  'fee_currency',
  'fee_amount',
] as const;
type OptionalTransactionColumn = (typeof OPTIONAL_TRANSACTION_COLUMNS)[number];

/** Each kind's binary form; a nullable fixed-size value gets a flag byte, text ends with a 0 byte. */
const ENCODE: Readonly<Record<ReportFieldKind, (expression: string) => string>> = {
  uuid: (e) => `uuid_send(${e})`,
  'uuid?': (e) => `coalesce('\\x01'::bytea || uuid_send(${e}), '\\x00'::bytea)`,
  timestamp: (e) => `timestamptz_send(${e})`,
  'timestamp?': (e) => `coalesce('\\x01'::bytea || timestamptz_send(${e}), '\\x00'::bytea)`,
  bigint: (e) => `int8send(cast(${e} as bigint))`,
  'bigint?': (e) => `coalesce('\\x01'::bytea || int8send(cast(${e} as bigint)), '\\x00'::bytea)`,
  text: (e) => `textsend(coalesce(cast(${e} as text), '')) || '\\x00'::bytea`,
  amountWithDecimals: (e) => {
    const [amount, currency] = e.split(' ');
    return `${ENCODE.bigint(amount!)} || ${ENCODE.text(currency!)}`;
  },
};

/**
 * The report line as one bytea. Without recorded settlement data a completed or captured transaction settles in
 * its own currency and amount. Column names come from constant lists, never from input.
 */
function reportColumn(present: ReadonlySet<OptionalTransactionColumn>): string {
  const optional = (column: OptionalTransactionColumn) => (present.has(column) ? `t.${column}` : 'null');
  // Recorded when the money moved (orders/settlement-rules.ts): an authorization settles nothing.
  const settledAs = (own: string) => `(case when t.status in ('completed', 'captured') then ${own} end)`;
  const expressions: Record<CsvColumn, string> = {
    id: 'o.id',
    merchant_order_id: 'o.merchant_order_id',
    created: 'o.created_at',
    completed: 'o.completed_at',
    currency: 'o.currency',
    amount: 'o.amount',
    status: 'o.status',
    'transaction.id': 't.id',
    'transaction.status': 't.status',
    'transaction.payment_method': 't.payment_method',
    'transaction.payment_method_brand': 't.payment_method_brand',
    'transaction.amount_with_decimals': 't.amount t.currency',
    'transaction.refund_of_transaction_id': 't.refund_of_transaction_id',
    'transaction.payment_method_details.truncated_pan': "(t.payment_method_details ->> 'truncated_pan')",
    'transaction.settlement_currency': present.has('settlement_currency')
      ? optional('settlement_currency')
      : settledAs('t.currency'),
    'transaction.settlement_amount': present.has('settlement_amount')
      ? optional('settlement_amount')
      : settledAs('t.amount'),
    'transaction.fee_currency': optional('fee_currency'),
    'transaction.fee_amount': optional('fee_amount'),
    'customer.merchant_customer_id': "(o.customer ->> 'merchant_customer_id')",
    merchant_id: 'o.merchant_id',
    project_id: 'o.project_id',
  };
  return `${REPORT_FIELDS.map(([column, kind]) => ENCODE[kind](expressions[column])).join('\n  || ')} as line`;
}

/** The CSV report's rows (spec 4.14), read through a server-side cursor. */
export class OrderReportRepository extends Repository {
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
    const column = reportColumn(await this.#optionalTransactionColumns());
    const order = `order by ${plan.orderBy}, t.created_at, t.id`;
    const statement = options.paged
      ? sqlFragment(
          `select ${column} from (select o.* from orders o where ${where.sql} order by ${plan.orderBy} ` +
            `limit ? offset ?) o join transactions t on t.order_id = o.id ${order}`,
          [...where.params, plan.limit, plan.offset],
        )
      : sqlFragment(
          `select ${column} from orders o join transactions t on t.order_id = o.id where ${where.sql} ${order}`,
          where.params,
        );
    const pool = await this.pool();
    const client = await pool.connect();
    try {
      // A cursor lives in a transaction; READ ONLY because an export never writes. The writer reads bytea as hex.
      await client.query(`begin read only; set local bytea_output = 'hex'`);
      const { text, values } = numbered(statement);
      await client.query(`declare order_report no scroll cursor for ${text}`, values);
    } catch (error) {
      await endReport(client, error);
      throw error;
    }
    return reportCursor(client);
  }

  async #optionalTransactionColumns(): Promise<Set<OptionalTransactionColumn>> {
    const { text, values } = numbered(
      sqlFragment(
        `select column_name from information_schema.columns
         where table_schema = current_schema() and table_name = 'transactions' and column_name = any(?)`,
        [[...OPTIONAL_TRANSACTION_COLUMNS]],
      ),
    );
    const rows = await this.query<{ column_name: OptionalTransactionColumn }>(text, values);
    return new Set(rows.map((row) => row.column_name));
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
          await client.query<string[]>({
            text: `fetch ${REPORT_FETCH_SIZE} from order_report`,
            rowMode: 'array',
            types: RAW_TEXT,
          })
        ).rows;
      let failure: unknown;
      // One batch is fetched ahead while the previous one is written, so the database and the process work at
      // the same time; memory stays bounded by two batches.
      let next: Promise<string[][]> | null = fetchBatch();
      try {
        while (next && !closed) {
          const rows: string[][] = await next;
          next = rows.length === REPORT_FETCH_SIZE ? fetchBatch() : null;
          if (rows.length > 0) yield rows;
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
