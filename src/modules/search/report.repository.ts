import type { PoolClient } from 'pg';
import { escapeLiteral } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { Repository } from '../../platform/db/repository.ts';
import type { CsvColumn } from './csv.ts';
import type { OrderSearchPlan } from './plan.ts';
import { PROJECT_ID_COLUMN, REPORT_FIELDS } from './report-encoding.ts';
import { numbered, scoped } from './search.repository.ts';
import { type SqlFragment, sqlFragment } from './sql-fragment.ts';

/**
 * The report's rows as PostgreSQL's binary COPY stream (`COPY (…) TO STDOUT (FORMAT binary)`, report-encoding.ts),
 * one chunk at a time as the socket delivers it (chunks split rows anywhere), without the project's id. Iterate
 * once; closing early (a client that hung up) ends the COPY and discards its connection.
 */
export interface ReportStream extends AsyncIterable<Buffer> {
  /** The project's id as PostgreSQL writes a uuid: the report's project_id cell on every line. */
  readonly projectId: string;
  close(): Promise<void>;
}

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
 * The report's columns, in REPORT_FIELDS order without the project's id; `amountWithDecimals` is two columns
 * (amount, currency). Plain columns: COPY sends each in its binary send format, and a NULL as no value at all.
 * The char(3) currencies are cast to text, which drops padding as the text form did. Column names come from
 * constant lists, never from input. Without recorded settlement data a completed or captured transaction settles
 * in its own currency and amount.
 */
function reportColumns(present: ReadonlySet<OptionalTransactionColumn>): string {
  // Recorded when the money moved (orders/settlement-rules.ts): an authorization settles nothing.
  const settledAs = (own: string) => `(case when t.status in ('completed', 'captured') then ${own} end)`;
  const expressions: Record<CsvColumn, string> = {
    id: 'o.id',
    merchant_order_id: 'o.merchant_order_id',
    created: 'o.created_at',
    completed: 'o.completed_at',
    currency: 'cast(o.currency as text)',
    amount: 'cast(o.amount as bigint)',
    status: 'o.status',
    'transaction.id': 't.id',
    'transaction.status': 't.status',
    'transaction.payment_method': 't.payment_method',
    'transaction.payment_method_brand': 't.payment_method_brand',
    'transaction.amount_with_decimals': 'cast(t.amount as bigint), cast(t.currency as text)',
    'transaction.refund_of_transaction_id': 't.refund_of_transaction_id',
    'transaction.payment_method_details.truncated_pan': "(t.payment_method_details ->> 'truncated_pan')",
    'transaction.settlement_currency': present.has('settlement_currency')
      ? 'cast(t.settlement_currency as text)'
      : settledAs('cast(t.currency as text)'),
    'transaction.settlement_amount': present.has('settlement_amount')
      ? 'cast(t.settlement_amount as bigint)'
      : settledAs('cast(t.amount as bigint)'),
    'transaction.fee_currency': present.has('fee_currency')
      ? 'cast(t.fee_currency as text)'
      : 'cast(null as text)',
    'transaction.fee_amount': present.has('fee_amount')
      ? 'cast(t.fee_amount as bigint)'
      : 'cast(null as bigint)',
    'customer.merchant_customer_id': "(o.customer ->> 'merchant_customer_id')",
    merchant_id: 'o.merchant_id',
    project_id: 'o.project_id', // not sent (reportColumns)
  };
  return REPORT_FIELDS.filter(([column]) => column !== PROJECT_ID_COLUMN)
    .map(([column]) => expressions[column])
    .join(', ');
}

/**
 * The statement with every `?` replaced by its value as a quoted SQL literal (pg's `escapeLiteral`). COPY takes
 * no bind parameters. A bind parameter of the driver travels as text of unknown type, which PostgreSQL types from
 * its context exactly as it types a quoted literal, so the statement means what the parameterised one meant. Only
 * strings and finite numbers are accepted (what the search parser produces); anything else is a bug and throws.
 * The SQL text itself is constant text of this module, which uses no `?` operator.
 */
export function inlineParameters(fragment: SqlFragment): string {
  let index = 0;
  const text = fragment.sql.replace(/\?/g, () => {
    if (index >= fragment.params.length) throw new Error('more placeholders than parameters');
    return sqlLiteral(fragment.params[index++]);
  });
  if (index !== fragment.params.length) {
    throw new Error(`SQL has ${index} placeholders but ${fragment.params.length} parameters`);
  }
  return text;
}

function sqlLiteral(value: unknown): string {
  if (typeof value === 'string') return escapeLiteral(value);
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint') {
    return escapeLiteral(String(value));
  }
  throw new Error(`a report parameter of type ${typeof value} cannot be written as a literal`);
}

/** The CSV report's rows (spec 4.14), streamed by one COPY. */
export class OrderReportRepository extends Repository {
  /**
   * Starts the report: one row per transaction of every matching order, orders in the plan's sort order, each
   * order's transactions oldest first. With `paged` the plan's page (limit and offset) applies to the orders,
   * otherwise every matching order is included. Resolves once PostgreSQL has started sending rows (a statement
   * it refuses rejects here). The rows come as fast as the consumer takes them: the connection's socket is read
   * only when the stream is, so PostgreSQL waits on a full socket and memory stays flat.
   *
   * COPY rather than a cursor: it sends plain columns in binary with no per-row protocol message, and its plan
   * may run in parallel (a cursor's may not), so the database spends ~35% less CPU per row and can use two cores.
   */
  async openReport(
    projectId: string,
    plan: OrderSearchPlan,
    options: { paged: boolean },
  ): Promise<ReportStream> {
    const where = scoped(projectId, plan.where);
    const setup = await this.#reportSetup(projectId);
    const columns = reportColumns(setup.present);
    const order = `order by ${plan.orderBy}, t.created_at, t.id`;
    const query = options.paged
      ? sqlFragment(
          `select ${columns} from (select o.* from orders o where ${where.sql} order by ${plan.orderBy} ` +
            `limit ? offset ?) o join transactions t on t.order_id = o.id ${order}`,
          [...where.params, plan.limit, plan.offset],
        )
      : sqlFragment(
          `select ${columns} from orders o join transactions t on t.order_id = o.id where ${where.sql} ${order}`,
          where.params,
        );
    const statement = `copy (${inlineParameters(query)}) to stdout (format binary)`;
    const pool = await this.pool();
    const client = await pool.connect();
    let first: IteratorResult<Buffer, undefined>;
    let chunks: AsyncIterator<Buffer, undefined>;
    try {
      // The COPY lasts as long as the merchant takes to download it (PostgreSQL waits on a full socket): the
      // pool's statement limit (platform/db/session-limits.ts) is lifted on this connection, which is therefore
      // never handed out again (see `reportStream`).
      await client.query('set statement_timeout = 0');
      chunks = client.query(copyTo(statement))[Symbol.asyncIterator]() as AsyncIterator<Buffer, undefined>;
      first = await chunks.next();
    } catch (error) {
      // Refused before any row, or the connection broke: either way it is not handed out again.
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    return reportStream(client, chunks, first, setup.projectId);
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

function reportStream(
  client: PoolClient,
  chunks: AsyncIterator<Buffer, undefined>,
  first: IteratorResult<Buffer, undefined>,
  projectId: string,
): ReportStream {
  let done = first.done === true;
  let released = false;
  // Always discarded, ended or not: its session has no statement limit (`openReport`).
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error ?? true);
  };
  // A COPY cannot be stopped half-way on its connection: one that did not end is discarded (PostgreSQL ends the
  // statement when the connection closes), never handed to the next request mid-COPY.
  const close = async () => {
    if (!done) await chunks.return?.();
    release(done ? undefined : new Error('report abandoned before its end'));
  };
  return {
    projectId,
    close,
    async *[Symbol.asyncIterator]() {
      let failure: Error | undefined;
      try {
        if (first.done) return;
        yield first.value;
        for (;;) {
          const next = await chunks.next();
          if (next.done) {
            done = true;
            return;
          }
          yield next.value;
        }
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        if (failure) release(failure);
        else await close();
      }
    },
  };
}
