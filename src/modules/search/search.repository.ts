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

/**
 * One line of the CSV report as named values, all text as PostgreSQL writes it, null for an empty cell: the
 * readable definition of a line (report-row.ts). The export itself reads binary rows (report-encoding.ts).
 */
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

  async #query<T>(fragment: SqlFragment): Promise<T[]> {
    const { text, values } = numbered(fragment);
    return this.query<T>(text, values);
  }
}

export function scoped(projectId: string, filter: SqlFragment): SqlFragment {
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
