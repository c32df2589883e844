/**
 * Counters every server process shares (platform/limits/pg-counter-store.ts keeps them in PostgreSQL). The one
 * interface the rate limits (window-limits.ts) and any other shared budget build on. A counter is a level that
 * drains on its own, in one of two ways:
 * - a **fixed window**: hits add up from the first one for `windowMs`, then the counter starts again from zero;
 * - a **leaky bucket**: additions fill it and it leaks `perSecond` continuously (a cost budget per project).
 * Additions are atomic across processes; the answer is each counter's level right after the addition.
 */
export type Drain = { kind: 'window'; windowMs: number } | { kind: 'leak'; perSecond: number };

/** Adds `amount` (a hit is 1; a cost may be any positive number) to the counter `key`, which drains by `drain`. */
export interface CounterAddition {
  key: string;
  amount: number;
  drain: Drain;
}

/** A counter's level after an addition (or when read), and how long until it is back to zero. */
export interface CounterLevel {
  level: number;
  /** Milliseconds until the counter is empty again (a window's end; a bucket leaked dry); 0 when empty. */
  emptyInMs: number;
}

export interface CounterStore {
  /**
   * Adds every addition atomically (one statement for the lot); answers each counter's level afterwards, in the
   * order of `additions`. A key may appear once per call.
   */
  add(additions: readonly CounterAddition[]): Promise<CounterLevel[]>;
  /** The counters' levels now, without adding (a missing counter is empty). */
  read(keys: readonly string[]): Promise<CounterLevel[]>;
}
