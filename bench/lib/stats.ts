/** The arithmetic of the bench tables: medians of rounds, latency percentiles and ratios. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of each of `keys` over `items`: several rounds' figures as one. */
export function medianOfEach<T, K extends keyof T>(
  items: readonly T[],
  keys: readonly K[],
): { [P in K]: number } {
  const result = {} as { [P in K]: number };
  for (const key of keys) result[key] = median(items.map((item) => item[key] as number));
  return result;
}

/**
 * Nearest-rank percentile (the smallest value with at least p% of the values at or below it), so p99 of 100
 * values is the 99th smallest and never an interpolated figure nobody observed.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/**
 * Percentile over `expected` samples when only `values` arrived: the missing ones count as slower than any
 * that arrived, so a p99 is only a number when at least 99% arrived (otherwise Infinity, printed as "> timeout").
 */
export function percentileWithMissing(values: readonly number[], expected: number, p: number): number {
  const total = Math.max(expected, values.length);
  if (total === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * total);
  if (rank > values.length) return Number.POSITIVE_INFINITY;
  return [...values].sort((a, b) => a - b)[Math.max(0, rank - 1)]!;
}

/** `value / reference`; NaN when the reference is missing or zero, so a broken reference never reads as "met". */
export function ratio(value: number, reference: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(reference) || reference <= 0) return Number.NaN;
  return value / reference;
}

export interface Target {
  /** What is compared, e.g. "REST GET /v1/orders/{id}/ vs bare Fastify". */
  name: string;
  kind: 'at least' | 'at most';
  threshold: number;
  /** The measured figure compared with the threshold. */
  value: number;
  unit?: string;
  /** The figures behind the value, e.g. "640 / 32,100 req/s". */
  detail: string;
  /** Set when the measurement did not happen as the target presumes (e.g. the offered load was not taken). */
  unmetBecause?: string;
}

export function isMet(target: Pick<Target, 'kind' | 'threshold' | 'value' | 'unmetBecause'>): boolean {
  if (Number.isNaN(target.value) || target.unmetBecause) return false;
  return target.kind === 'at least' ? target.value >= target.threshold : target.value <= target.threshold;
}

export interface DeliveryRate {
  /** Webhooks per second from the first arrival to the last (the backlog drained at full speed). */
  perSecond: number;
  delivered: number;
  expected: number;
  seconds: number;
}

/** Rate between the first and the last arrival of a drain: the pipeline's pace, without its start-up. */
export function drainRate(times: readonly number[], expected: number): DeliveryRate {
  const sorted = [...times].sort((a, b) => a - b);
  const seconds = sorted.length > 1 ? (sorted.at(-1)! - sorted[0]!) / 1000 : Number.NaN;
  return {
    perSecond: sorted.length > 1 ? (sorted.length - 1) / seconds : Number.NaN,
    delivered: sorted.length,
    expected,
    seconds,
  };
}
