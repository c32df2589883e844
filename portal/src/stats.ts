/**
 * Dashboard totals from orders: count, amount per currency and conversion (completed / final) for a period, and
 * the volume per day by status for the chart. Pure, so the page can feed it from whatever the API offers.
 */

export interface StatOrder {
  created: string;
  amount: number;
  currency: string;
  status: string;
}

export interface Totals {
  count: number;
  amounts: Record<string, number>;
  /** Completed among final orders, 0..1; null when no order is final yet. */
  conversion: number | null;
}

const FINAL = new Set(['COMPLETED', 'CANCELLED', 'EXPIRED', 'ERROR']);

export function totals(orders: StatOrder[], since: Date): Totals {
  const inPeriod = orders.filter((o) => new Date(o.created) >= since);
  const amounts: Record<string, number> = {};
  for (const o of inPeriod) amounts[o.currency] = (amounts[o.currency] ?? 0) + o.amount;
  const final = inPeriod.filter((o) => FINAL.has(o.status));
  const completed = final.filter((o) => o.status === 'COMPLETED').length;
  return { count: inPeriod.length, amounts, conversion: final.length ? completed / final.length : null };
}

export type DayBucket = { day: string } & Record<string, number | string>;

/** One bucket per local day from `since` to `until` (empty days included), each with a count per status. */
export function volumePerDay(
  orders: StatOrder[],
  since: Date,
  until: Date,
): { days: DayBucket[]; statuses: string[] } {
  const key = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const days = new Map<string, DayBucket>();
  for (let d = new Date(since); d <= until; d.setDate(d.getDate() + 1)) days.set(key(d), { day: key(d) });
  const statuses = new Set<string>();
  for (const o of orders) {
    const bucket = days.get(key(new Date(o.created)));
    if (!bucket) continue;
    statuses.add(o.status);
    bucket[o.status] = (Number(bucket[o.status]) || 0) + 1;
  }
  return { days: [...days.values()], statuses: [...statuses].sort() };
}

/** Midnight (local) `daysBack` days ago; 0 is today's midnight. */
export function startOfDay(now: Date, daysBack: number): Date {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  date.setDate(date.getDate() - daysBack);
  return date;
}
