/**
 * The home page's numbers, read from the API's `orderStats` buckets (the server counts; the page only arranges):
 * totals of a window (count, amount per currency, conversion) and the volume per local day by status for the
 * chart. Pure, so it is unit-tested apart from the browser.
 */

export interface CurrencyAmount {
  currency: string;
  amount: number;
}

/** A bucket of `orderStats` without grouping: the whole window. */
export interface WindowBucket {
  orderCount: number;
  amounts: CurrencyAmount[];
  completedCount: number;
  finalCount: number;
}

/** A bucket of `orderStats(groupBy: [DAY, STATUS])`. */
export interface DayStatusBucket {
  periodStart?: string | null;
  status?: string | null;
  orderCount: number;
}

export interface Totals {
  count: number;
  amounts: Record<string, number>;
  /** Completed among final orders, 0..1; null when no order is final yet. */
  conversion: number | null;
}

/** The totals of a window: its one bucket (none when the window has no order). */
export function totals(buckets: WindowBucket[]): Totals {
  const amounts: Record<string, number> = {};
  let count = 0;
  let completed = 0;
  let final = 0;
  for (const bucket of buckets) {
    count += bucket.orderCount;
    completed += bucket.completedCount;
    final += bucket.finalCount;
    for (const { currency, amount } of bucket.amounts) amounts[currency] = (amounts[currency] ?? 0) + amount;
  }
  return { count, amounts, conversion: final ? completed / final : null };
}

export type DayBucket = { day: string } & Record<string, number | string>;

/** `YYYY-MM-DD` of a moment in the browser's time zone (the zone the stats were asked in). */
export const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** One bucket per local day from `since` to `until` (empty days included), each with its count per status. */
export function volumePerDay(
  buckets: DayStatusBucket[],
  since: Date,
  until: Date,
): { days: DayBucket[]; statuses: string[] } {
  const days = new Map<string, DayBucket>();
  for (let d = new Date(since); d <= until; d.setDate(d.getDate() + 1))
    days.set(localDay(d), { day: localDay(d) });
  const statuses = new Set<string>();
  for (const bucket of buckets) {
    if (!bucket.periodStart || !bucket.status) continue;
    const day = days.get(localDay(new Date(bucket.periodStart)));
    if (!day) continue;
    statuses.add(bucket.status);
    day[bucket.status] = (Number(day[bucket.status]) || 0) + bucket.orderCount;
  }
  return { days: [...days.values()], statuses: [...statuses].sort() };
}

/** Midnight (local) `daysBack` days ago; 0 is today's midnight, -1 tomorrow's. */
export function startOfDay(now: Date, daysBack: number): Date {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  date.setDate(date.getDate() - daysBack);
  return date;
}

/** The user's IANA time zone, e.g. `Europe/Amsterdam`: the days of the totals and the chart are theirs. */
export const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
