import { createRequire } from 'node:module';

/** What @fastify/rate-limit's in-memory store answers: hits in the current window, and its milliseconds left. */
interface WindowState {
  current: number;
  ttl: number;
}
type StoreCallback = (error: Error | null, state: WindowState) => void;
interface LocalStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
}
type LocalStoreConstructor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => LocalStore;

// The plugin's own store (a CommonJS file without type declarations): the limiter the plugin builds on it wraps
// every check in two promises, and these checks run on every request.
const LocalStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/LocalStore.js',
) as LocalStoreConstructor;

/** Keys a counter remembers (least recently used forgotten first): the plugin's default. */
const KEYS = 5000;

/** A verdict on a key after a hit (or a look). */
export interface WindowVerdict {
  /** More hits than `max` in this window. */
  exceeded: boolean;
  /** `max` hits in this window already: the next one would exceed. */
  full: boolean;
  /** Seconds until the window ends (at least 1 while it runs). */
  retryAfterSeconds: number;
}

/**
 * `max` hits per key per fixed window of `windowMs`, the window starting at a key's first hit: @fastify/rate-limit's
 * in-memory store (`LocalStore`, a bounded LRU of keys), asked synchronously. Its callbacks run before `incr` and
 * `read` return, so a check costs no promise and no turn of the microtask queue.
 */
export class WindowCounter {
  readonly #store = new LocalStore(false, false, KEYS);
  readonly #max: number;
  readonly #windowMs: number;

  constructor(max: number, windowMs: number) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  /** Counts one hit of `key`. */
  hit(key: string): WindowVerdict {
    let state: WindowState = { current: 0, ttl: 0 };
    this.#store.incr(key, (_error, answer) => (state = answer), this.#windowMs, this.#max);
    return this.#verdict(state);
  }

  /** The state of `key` without counting a hit. */
  peek(key: string): WindowVerdict {
    let state: WindowState = { current: 0, ttl: 0 };
    this.#store.read(key, (_error, answer) => (state = answer), this.#windowMs, this.#max);
    return this.#verdict(state);
  }

  #verdict(state: WindowState): WindowVerdict {
    return {
      exceeded: state.current > this.#max,
      full: state.current >= this.#max && state.ttl > 0,
      retryAfterSeconds: Math.max(1, Math.ceil(state.ttl / 1000)),
    };
  }
}
