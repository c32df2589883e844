import type { CustomTypesConfig, PoolClient } from 'pg';
import { Repository } from '../../platform/db/repository.ts';
import type { CsvColumn } from './csv.ts';
import type { OrderSearchPlan } from './plan.ts';
import { PROJECT_ID_COLUMN, REPORT_FIELDS, type ReportFieldKind } from './report-encoding.ts';
import { numbered, scoped } from './search.repository.ts';
import { sqlFragment } from './sql-fragment.ts';

/**
 * A server-side cursor over the report, yielding a batch (one fetch) at a time: each row is the report line in
 * the binary encoding of report-encoding.ts without the project's id, as PostgreSQL's hex text (`\x…`). Iterate
 * once; closing early releases the connection. Empty each batch (`length = 0`) once it is written: its rows then
 * die young instead of living on while the bytes made of them are sent.
 */
export interface ReportCursor extends AsyncIterable<string[][]> {
  /** The project's id as PostgreSQL writes a uuid: the report's project_id cell on every line. */
  readonly projectId: string;
  close(): Promise<void>;
}

/**
 * Rows fetched per round trip of the report cursor. Each FETCH costs a round trip and two process wake-ups on a
 * machine the database shares with the server: 2,000 rows cost the server ~0.5 us less per row than 500 (A/B,
 * bench/search-export.ts). The writer empties each batch once written, so its rows die young; 8,000 grew the
 * first export's peak RSS by ~60 MiB more.
 */
export const REPORT_FETCH_SIZE = 2000;

/**
 * Fetches queued ahead of the batch being written, so the database and the process work at the same time; at
 * most this many batches more are in memory. Two measured no better than one with 2,000-row batches.
 */
const FETCH_AHEAD = 1;

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

/**
 * Text columns declared NOT NULL: sent without coalesce and cast (each a function call per row). The char(3)
 * currencies are not here: their cast to text drops padding, as the text form did.
 */
const NOT_NULL_TEXT: ReadonlySet<string> = new Set(['o.status', 't.status', 't.payment_method']);

/** Each kind's binary form; a nullable fixed-size value gets a flag byte, text ends with a 0 byte. */
const ENCODE: Readonly<Record<ReportFieldKind, (expression: string) => string>> = {
  uuid: (e) => `uuid_send(${e})`,
  'uuid?': (e) => `coalesce('\\x01'::bytea || uuid_send(${e}), '\\x00'::bytea)`,
  timestamp: (e) => `timestamptz_send(${e})`,
  'timestamp?': (e) => `coalesce('\\x01'::bytea || timestamptz_send(${e}), '\\x00'::bytea)`,
  bigint: (e) => `int8send(cast(${e} as bigint))`,
  'bigint?': (e) => `coalesce('\\x01'::bytea || int8send(cast(${e} as bigint)), '\\x00'::bytea)`,
  text: (e) => `textsend(${NOT_NULL_TEXT.has(e) ? e : `coalesce(cast(${e} as text), '')`}) || '\\x00'::bytea`,
  amountWithDecimals: (e) => {
    const [amount, currency] = e.split(' ');
    return `${ENCODE.bigint(amount!)} || ${ENCODE.text(currency!)}`;
  },
};

/**
 * `a || b || c || …` as a balanced tree of concatenations: each `||` copies both sides, so a left-leaning chain
 * of twenty cells copies the growing line twenty times; a balanced tree copies each byte about log2(20) times.
 */
function concatenated(parts: readonly string[]): string {
  if (parts.length === 1) return parts[0]!;
  const middle = Math.ceil(parts.length / 2);
  return `(${concatenated(parts.slice(0, middle))}\n  || ${concatenated(parts.slice(middle))})`;
}

/**
 * The report line as one bytea. Without recorded settlement data a completed or captured transaction settles in
 * its own currency and amount. Column names come from constant lists, never from input. The project's id is
 * not sent: every row has the project the report is scoped to, and the writer puts it in (ReportLineWriter).
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
    project_id: 'o.project_id', // not sent (reportColumn)
  };
  const cells = REPORT_FIELDS.filter(([column]) => column !== PROJECT_ID_COLUMN).map(([column, kind]) =>
    ENCODE[kind](expressions[column]),
  );
  return `${concatenated(cells)} as line`;
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
    const setup = await this.#reportSetup(projectId);
    const column = reportColumn(setup.present);
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
    return reportCursor(client, setup.projectId);
  }

  /** Which optional columns exist, and the project's id as PostgreSQL writes it: one round trip. */
  async #reportSetup(
    projectId: string,
  ): Promise<{ present: Set<OptionalTransactionColumn>; projectId: string }> {
    const { text, values } = numbered(
      sqlFragment(
        `select cast(? as uuid)::text as project_id, array(
           select column_name::text from information_schema.columns
           where table_schema = current_schema() and table_name = 'transactions' and column_name = any(?)
         ) as present`,
        [projectId, [...OPTIONAL_TRANSACTION_COLUMNS]],
      ),
    );
    const [row] = await this.query<{ project_id: string; present: OptionalTransactionColumn[] }>(
      text,
      values,
    );
    return { present: new Set(row!.present), projectId: row!.project_id };
  }
}

function reportCursor(client: PoolClient, projectId: string): ReportCursor {
  let closed = false;
  const close = async (error?: unknown) => {
    if (closed) return;
    closed = true;
    await endReport(client, error);
  };
  return {
    projectId,
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
      // FETCH_AHEAD batches are asked for ahead of the one being written, so the database and the process work
      // at the same time. After a short batch (the last) nothing more is asked for; fetches already queued then
      // return no rows.
      const queued: Promise<string[][]>[] = [];
      let more = true;
      const refill = () => {
        while (more && queued.length < FETCH_AHEAD) queued.push(fetchBatch());
      };
      try {
        refill();
        while (queued.length > 0 && !closed) {
          const rows: string[][] = await queued.shift()!;
          if (rows.length < REPORT_FETCH_SIZE) more = false;
          refill();
          if (rows.length > 0) yield rows;
        }
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        // Fetches still in flight when the consumer stops fail once the connection is gone; nobody awaits them.
        for (const fetch of queued) fetch.catch(() => undefined);
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
