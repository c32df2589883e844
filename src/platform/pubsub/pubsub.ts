/**
 * In-process fan-out of events to async iterators (what GraphQL subscriptions consume). Each subscriber has
 * its own bounded buffer, so one slow client cannot hold events back from the others or grow memory without
 * limit: past the bound its oldest events are dropped.
 */
export class PubSub<T> {
  readonly #subscribers = new Set<Subscriber<T>>();
  readonly #bufferSize: number;

  constructor(options: { bufferSize?: number } = {}) {
    this.#bufferSize = options.bufferSize ?? 1000;
  }

  get size(): number {
    return this.#subscribers.size;
  }

  publish(event: T): void {
    for (const subscriber of this.#subscribers) subscriber.offer(event);
  }

  /** Yields every later event `accept` keeps; ending the iteration (`return()`) unsubscribes. */
  subscribe(accept: (event: T) => boolean = () => true): AsyncIterableIterator<T> {
    const subscriber = new Subscriber<T>(accept, this.#bufferSize, () =>
      this.#subscribers.delete(subscriber),
    );
    this.#subscribers.add(subscriber);
    return subscriber;
  }

  /** Ends every subscription (on shutdown). */
  close(): void {
    for (const subscriber of [...this.#subscribers]) void subscriber.return();
  }
}

class Subscriber<T> implements AsyncIterableIterator<T> {
  readonly #accept: (event: T) => boolean;
  readonly #bufferSize: number;
  readonly #onEnd: () => void;
  readonly #buffer: T[] = [];
  #waiting: ((result: IteratorResult<T>) => void) | null = null;
  #done = false;

  constructor(accept: (event: T) => boolean, bufferSize: number, onEnd: () => void) {
    this.#accept = accept;
    this.#bufferSize = bufferSize;
    this.#onEnd = onEnd;
  }

  offer(event: T): void {
    if (this.#done || !this.#accept(event)) return;
    if (this.#waiting) {
      const resolve = this.#waiting;
      this.#waiting = null;
      resolve({ value: event, done: false });
      return;
    }
    this.#buffer.push(event);
    if (this.#buffer.length > this.#bufferSize) this.#buffer.shift();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.#buffer.length > 0) return Promise.resolve({ value: this.#buffer.shift()!, done: false });
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.#waiting = resolve;
    });
  }

  return(): Promise<IteratorResult<T>> {
    if (!this.#done) {
      this.#done = true;
      this.#buffer.length = 0;
      this.#onEnd();
      const resolve = this.#waiting;
      this.#waiting = null;
      resolve?.({ value: undefined, done: true });
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<T>> {
    void this.return();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
