/**
 * Order statistics for dashboards (issue 14, point 6): what one `orderStats` request asks for, checked. Pure:
 * no I/O; the repository turns a plan into one SQL statement.
 *
 * - Orders counted: the project's payment orders created in [from, to) that match `query` (the search query
 *   language). Refund, capture and void orders are not counted on their own: an order's refunds show as its
 *   refunded amount.
 * - groupBy: any of DAY, HOUR (the order's creation time in `timeZone`), STATUS, CURRENCY, PAYMENT_METHOD (the
 *   method of the transaction that paid the order, else of its latest attempt; none without a transaction).
 *   DAY and HOUR exclude each other. No grouping: one bucket for the whole window.
 * - The window is at most MAX_DAYS long (MAX_HOURLY_DAYS with HOUR), so a request never visits more than a
 *   bounded slice of a project's orders.
 */
import { invalid } from '../../platform/errors/domain-error.ts';
import { buildOrderSearchFilter } from './query/index.ts';
import type { SqlFragment } from './sql-fragment.ts';

export type StatsDimension = 'day' | 'hour' | 'status' | 'currency' | 'payment_method';

export const MAX_DAYS = 400;
export const MAX_HOURLY_DAYS = 31;
const DAY_MS = 86_400_000;

export interface OrderStatsRequest {
  readonly query?: string | null;
  readonly from: Date;
  readonly to: Date;
  readonly groupBy?: readonly StatsDimension[] | null;
  readonly timeZone?: string | null;
}

export interface OrderStatsPlan {
  readonly filter: SqlFragment;
  readonly from: Date;
  readonly to: Date;
  /** Distinct, in the order asked; at most one of day and hour. */
  readonly groupBy: readonly StatsDimension[];
  /** An IANA time zone name, e.g. `Europe/Amsterdam`. */
  readonly timeZone: string;
}

/** Throws SearchQueryError for the query, DomainError (invalid_request) naming the field for the rest. */
export function planOrderStats(request: OrderStatsRequest): OrderStatsPlan {
  const filter = buildOrderSearchFilter(request.query ?? '*');
  const groupBy = [...new Set(request.groupBy ?? [])];
  if (groupBy.includes('day') && groupBy.includes('hour')) {
    throw invalid('groupBy', 'group by DAY or by HOUR, not both');
  }
  const timeZone = request.timeZone ?? 'UTC';
  if (!isTimeZone(timeZone)) {
    throw invalid('timeZone', `"${timeZone}" is not an IANA time zone such as Europe/Amsterdam or UTC`);
  }
  const { from, to } = request;
  if (!(to.getTime() > from.getTime())) throw invalid('to', 'must be after from');
  const maxDays = groupBy.includes('hour') ? MAX_HOURLY_DAYS : MAX_DAYS;
  if (to.getTime() - from.getTime() > maxDays * DAY_MS) {
    const when = groupBy.includes('hour') ? ' when grouping by HOUR' : '';
    throw invalid('to', `must be at most ${maxDays} days after from${when}`);
  }
  return { filter, from, to, groupBy, timeZone };
}

function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** One group of the statistics as the database counts it, per currency (the repository's rows). */
export interface StatsRow {
  period: Date | null;
  status: string | null;
  paymentMethod: string | null;
  currency: string;
  orders: number;
  amount: number;
  refundedAmount: number;
  completed: number;
  final: number;
}

export interface CurrencyAmount {
  currency: string;
  amount: number;
}

/** One bucket: its dimensions (null when not grouped by them) and what its orders add up to. */
export interface StatsBucket {
  period: Date | null;
  status: string | null;
  paymentMethod: string | null;
  currency: string | null;
  orderCount: number;
  amounts: CurrencyAmount[];
  refundedAmounts: CurrencyAmount[];
  completedCount: number;
  finalCount: number;
  /** completed / final orders; null while no order is final. */
  conversion: number | null;
}

/**
 * Folds per-currency rows into the requested buckets: a bucket's counts add up over currencies, its amounts
 * stay per currency (sorted by code). Buckets come in the rows' order (the repository sorts them).
 */
export function toBuckets(plan: OrderStatsPlan, rows: readonly StatsRow[]): StatsBucket[] {
  const byCurrency = plan.groupBy.includes('currency');
  const buckets = new Map<string, StatsBucket>();
  for (const row of rows) {
    const key = JSON.stringify([
      row.period?.getTime() ?? null,
      row.status,
      row.paymentMethod,
      byCurrency && row.currency,
    ]);
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = {
        period: row.period,
        status: row.status,
        paymentMethod: row.paymentMethod,
        currency: byCurrency ? row.currency : null,
        orderCount: 0,
        amounts: [],
        refundedAmounts: [],
        completedCount: 0,
        finalCount: 0,
        conversion: null,
      };
      buckets.set(key, bucket);
    }
    bucket.orderCount += row.orders;
    bucket.completedCount += row.completed;
    bucket.finalCount += row.final;
    bucket.amounts.push({ currency: row.currency, amount: row.amount });
    bucket.refundedAmounts.push({ currency: row.currency, amount: row.refundedAmount });
  }
  return [...buckets.values()].map((bucket) => ({
    ...bucket,
    amounts: byCode(bucket.amounts),
    refundedAmounts: byCode(bucket.refundedAmounts),
    conversion: bucket.finalCount === 0 ? null : bucket.completedCount / bucket.finalCount,
  }));
}

function byCode(amounts: CurrencyAmount[]): CurrencyAmount[] {
  return amounts.sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}
