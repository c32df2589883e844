import type { Logger } from 'pino';
import { boundedCache } from '../bounded-cache.ts';
import { detached } from '../db/joined-writes.ts';
import type { CounterAddition, CounterStore } from './counter-store.ts';

/** A verdict on a key after a hit (or a look). */
export interface WindowVerdict {
  /** Hits in this window as far as known (this one included, for a hit). */
  total: number;
  /** More hits than `max` in this window. */
  exceeded: boolean;
  /** `max` hits in this window already: the next one would exceed. */
  full: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/** A hit may be decided without asking the store while the key is this far (a share of `max`) from its limit. */
const SLACK_SHARE = 0.01;
/** How long hits decided locally wait before they are sent (together, in one statement). */
const FLUSH_MS = 100;
/** Keys whose last known level a process keeps (least recently used forgotten first). */
const KEYS_KEPT = 50_000;

/** What this process knows of one counter. */
interface KeyState {
  /** The shared level at the store's last answer. */
  known: number;
  /** When the window ends (this process's clock); 0: unknown. */
  endsAt: number;
  /** Hits counted here and not yet answered by the store (queued or on their way). */
  unconfirmed: number;
}

interface Queued {
  addition: CounterAddition;
  state: KeyState;
  /** Hits that wait for the store's answer to know their verdict, in the order counted. */
  waiters: ((total: number) => void)[];
}

/**
 * Fixed-window rate limits whose counters every process shares (a `CounterStore`: PostgreSQL), with a cache in
 * front so that a busy key costs no round trip per request:
 * - a key far from its limit (more than 1% of `max` away, counting what this process has not yet sent) is
 *   decided here, and its hits are sent in one statement for every key at most `FLUSH_MS` later;
 * - a key near its limit, and every key of a small limit (under 100: no slack), is decided by the store: the hit
 *   waits for the statement (hits counted in the same turn share it), so the limit is exact across processes.
 * With P processes a limit can therefore be exceeded by at most (P − 1) × 1% of `max`, and only while its key
 * was far from the limit a moment ago. If the store cannot be reached, each process goes on counting on its own
 * (fail open, a warning logged) until it can.
 */
export class SharedWindowLimits {
  readonly #store: CounterStore;
  readonly #logger: Pick<Logger, 'warn'>;
  readonly #states = boundedCache<string, KeyState>({ entries: KEYS_KEPT });
  #queue = new Map<string, Queued>();
  #timer: NodeJS.Timeout | null = null;
  #soon = false;
  #flushing: Promise<void> = Promise.resolve();
  #reads = new Map<string, ((level: { level: number; emptyInMs: number }) => void)[]>();
  #lastWarning = 0;

  constructor(store: CounterStore, logger: Pick<Logger, 'warn'>) {
    this.#store = store;
    this.#logger = logger;
  }

  /** A limit of `max` hits per key per window of `windowMs`, the window starting at a key's first hit. */
  limit(name: string, max: number, windowMs: number): WindowLimit {
    return new WindowLimit(this, name, max, windowMs);
  }

  /** Sends every queued hit now (tests, shutdown). */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#flushing = this.#flushing.then(() => detached(() => this.#send()));
    return this.#flushing;
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** @internal The state of a key (its window over: empty again). */
  state(key: string, windowMs: number): KeyState {
    let state = this.#states.get(key);
    const now = Date.now();
    if (!state) {
      state = { known: 0, endsAt: 0, unconfirmed: 0 };
      this.#states.set(key, state);
    } else if (state.endsAt !== 0 && state.endsAt <= now && state.unconfirmed === 0) {
      state.known = 0;
      state.endsAt = 0;
    }
    if (state.endsAt === 0 && state.unconfirmed === 0) state.endsAt = now + windowMs;
    return state;
  }

  /** @internal Counts a hit; `wait`: its verdict needs the store's answer (the total after it). */
  count(key: string, state: KeyState, windowMs: number, wait: boolean): Promise<number> | null {
    state.unconfirmed += 1;
    let queued = this.#queue.get(key);
    if (!queued) {
      queued = { addition: { key, amount: 0, drain: { kind: 'window', windowMs } }, state, waiters: [] };
      this.#queue.set(key, queued);
    }
    queued.addition.amount += 1;
    if (!wait) {
      this.#schedule(false);
      return null;
    }
    const entry = queued;
    const answer = new Promise<number>((resolve) => entry.waiters.push(resolve));
    this.#schedule(true);
    return answer;
  }

  /** @internal The store's level of a key now (reads asked in the same turn share one statement). */
  read(key: string): Promise<{ level: number; emptyInMs: number }> {
    return new Promise((resolve) => {
      const waiting = this.#reads.get(key);
      if (waiting) waiting.push(resolve);
      else this.#reads.set(key, [resolve]);
      this.#schedule(true);
    });
  }

  #schedule(soon: boolean): void {
    if (soon) {
      if (this.#soon) return;
      this.#soon = true;
      // Detached from the request that counted: its audit entry must not ride along (platform/db/joined-writes.ts).
      detached(() =>
        setImmediate(() => {
          this.#soon = false;
          this.#flushing = this.#flushing.then(() => this.#send());
        }),
      );
      return;
    }
    if (this.#timer) return;
    this.#timer = detached(() =>
      setTimeout(() => {
        this.#timer = null;
        this.#flushing = this.#flushing.then(() => this.#send());
      }, FLUSH_MS),
    );
    this.#timer.unref();
  }

  async #send(): Promise<void> {
    const batch = [...this.#queue.values()];
    const reads = this.#reads;
    this.#queue = new Map();
    this.#reads = new Map();
    if (batch.length > 0) await this.#sendHits(batch);
    if (reads.size > 0) await this.#sendReads(reads);
  }

  async #sendHits(batch: Queued[]): Promise<void> {
    try {
      const levels = await this.#store.add(batch.map((queued) => queued.addition));
      const now = Date.now();
      batch.forEach(({ addition, state, waiters }, index) => {
        const { level, emptyInMs } = levels[index]!;
        state.unconfirmed -= addition.amount;
        state.known = level;
        state.endsAt = now + emptyInMs;
        // The waiters are the batch's last hits of the key, in the order counted.
        answer(waiters, level);
      });
    } catch (error) {
      this.#warn(error);
      // Counted here alone until the store answers again: the process still holds each client to the limit.
      for (const { addition, state, waiters } of batch) {
        state.unconfirmed -= addition.amount;
        state.known += addition.amount;
        answer(waiters, state.known + state.unconfirmed);
      }
    }
  }

  async #sendReads(reads: Map<string, ((level: { level: number; emptyInMs: number }) => void)[]>) {
    const keys = [...reads.keys()];
    let levels: { level: number; emptyInMs: number }[];
    try {
      levels = await this.#store.read(keys);
    } catch (error) {
      this.#warn(error);
      levels = keys.map((key) => {
        const state = this.#states.get(key);
        return { level: state?.known ?? 0, emptyInMs: state ? Math.max(0, state.endsAt - Date.now()) : 0 };
      });
    }
    keys.forEach((key, index) => {
      for (const resolve of reads.get(key)!) resolve(levels[index]!);
    });
  }

  #warn(error: unknown): void {
    const now = Date.now();
    if (now - this.#lastWarning < 60_000) return;
    this.#lastWarning = now;
    this.#logger.warn(
      { err: error },
      'shared rate limit counters unreachable: counting in this process only',
    );
  }
}

/** Answers each waiting hit its own total: they are the last hits counted before the level `level`. */
function answer(waiters: ((total: number) => void)[], level: number): void {
  waiters.forEach((resolve, position) => {
    resolve(level - (waiters.length - 1 - position));
  });
}

/** One limit: `max` hits per key per window of `windowMs`. */
export class WindowLimit {
  readonly #limits: SharedWindowLimits;
  readonly #prefix: string;
  readonly max: number;
  readonly windowMs: number;
  readonly #slack: number;

  constructor(limits: SharedWindowLimits, name: string, max: number, windowMs: number) {
    this.#limits = limits;
    this.#prefix = `${name}:`;
    this.max = max;
    this.windowMs = windowMs;
    this.#slack = Math.floor(max * SLACK_SHARE);
  }

  /**
   * Counts one hit of `key` and answers whether it is over the limit: at once while the key is far from its
   * limit, else once the shared store has counted it.
   */
  hit(key: string): WindowVerdict | Promise<WindowVerdict> {
    const id = this.#prefix + key;
    const state = this.#limits.state(id, this.windowMs);
    const seen = state.known + state.unconfirmed;
    if (state.unconfirmed < this.#slack && seen + 1 <= this.max - this.#slack) {
      this.#limits.count(id, state, this.windowMs, false);
      return this.#verdict(seen + 1, state);
    }
    return this.#limits.count(id, state, this.windowMs, true)!.then((total) => this.#verdict(total, state));
  }

  /** Counts one hit whose verdict nobody waits for (a refusal already answered); near the limit it is sent at once. */
  record(key: string): void {
    const id = this.#prefix + key;
    const state = this.#limits.state(id, this.windowMs);
    const far =
      state.unconfirmed < this.#slack && state.known + state.unconfirmed + 1 <= this.max - this.#slack;
    void this.#limits.count(id, state, this.windowMs, !far);
  }

  /**
   * The key's state without counting: at once when this process knows enough (far from the limit, or over it
   * until its window ends), else from the store (a key past half its limit, which only a client being refused
   * soon reaches; or any key, `exact`).
   */
  peek(key: string, options: { exact?: boolean } = {}): WindowVerdict | Promise<WindowVerdict> {
    const id = this.#prefix + key;
    const state = this.#limits.state(id, this.windowMs);
    const seen = state.known + state.unconfirmed;
    if (seen >= this.max || (seen < this.max / 2 && !options.exact)) return this.#verdict(seen, state);
    return this.#limits.read(id).then(({ level, emptyInMs }) => {
      if (level > state.known) {
        state.known = level;
        state.endsAt = Date.now() + emptyInMs;
      }
      return this.#verdict(state.known + state.unconfirmed, state);
    });
  }

  #verdict(total: number, state: KeyState): WindowVerdict {
    const msLeft = state.endsAt === 0 ? this.windowMs : state.endsAt - Date.now();
    return {
      total,
      exceeded: total > this.max,
      full: total >= this.max,
      retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
    };
  }
}
