/**
 * In-process fan-out of events to async iterators (what GraphQL subscriptions consume), by topic (e.g. a
 * project id), so a publish only visits that topic's subscribers. Each subscriber has its own bounded buffer: one
 * slow client never holds events back from the others nor grows memory without limit. A subscriber whose buffer
 * overflows takes no later event, is given the events its buffer holds, and is then told (`onOverflow`) and
 * ended — never silently given a gap, and never ended holding events it was owed: a burst published at once
 * (a feed read of more events than the buffer holds) ended a subscriber that had not had the chance to read
 * one, and the events it held were thrown away with it.
 */
export interface SubscribeOptions {
  /** Only events published under this topic (default: those published without one). */
  topic?: string;
  /** Called once when the subscriber fell `bufferSize` events behind, after it was given what it held, before it ends. */
  onOverflow?: () => void;
}

export class PubSub<T> {
  readonly #topics = new Map<string, Set<Subscriber<T>>>();
  readonly #bufferSize: number;
  #size = 0;

  constructor(options: { bufferSize?: number } = {}) {
    this.#bufferSize = options.bufferSize ?? 1000;
  }

  /** Subscribers of every topic. */
  get size(): number {
    return this.#size;
  }

  publish(event: T, topic = ''): void {
    const subscribers = this.#topics.get(topic);
    if (subscribers) for (const subscriber of subscribers) subscriber.offer(event);
  }

  /** Yields every later event of the topic `accept` keeps; ending the iteration (`return()`) unsubscribes. */
  subscribe(accept?: (event: T) => boolean, options: SubscribeOptions = {}): AsyncIterableIterator<T> {
    const topic = options.topic ?? '';
    let subscribers = this.#topics.get(topic);
    if (!subscribers) {
      subscribers = new Set();
      this.#topics.set(topic, subscribers);
    }
    const set = subscribers;
    const subscriber = new Subscriber<T>(accept, options.onOverflow, this.#bufferSize, () => {
      if (set.delete(subscriber)) this.#size -= 1;
      if (set.size === 0 && this.#topics.get(topic) === set) this.#topics.delete(topic);
    });
    set.add(subscriber);
    this.#size += 1;
    return subscriber;
  }

  /** Ends every subscription (on shutdown). */
  close(): void {
    for (const subscribers of [...this.#topics.values()]) {
      for (const subscriber of [...subscribers]) void subscriber.return();
    }
  }
}

class Subscriber<T> implements AsyncIterableIterator<T> {
  readonly #accept: ((event: T) => boolean) | undefined;
  readonly #onOverflow: (() => void) | undefined;
  readonly #bufferSize: number;
  readonly #onEnd: () => void;
  readonly #buffer: T[] = [];
  #waiting: ((result: IteratorResult<T>) => void) | null = null;
  #done = false;
  /** Fell a whole buffer behind: takes nothing more, ends once its buffer is read. */
  #overflowed = false;

  constructor(
    accept: ((event: T) => boolean) | undefined,
    onOverflow: (() => void) | undefined,
    bufferSize: number,
    onEnd: () => void,
  ) {
    this.#accept = accept;
    this.#onOverflow = onOverflow;
    this.#bufferSize = bufferSize;
    this.#onEnd = onEnd;
  }

  offer(event: T): void {
    if (this.#done || this.#overflowed || (this.#accept && !this.#accept(event))) return;
    if (this.#waiting) {
      const resolve = this.#waiting;
      this.#waiting = null;
      resolve({ value: event, done: false });
      return;
    }
    if (this.#buffer.length >= this.#bufferSize) {
      this.#overflowed = true;
      return;
    }
    this.#buffer.push(event);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.#buffer.length > 0) return Promise.resolve({ value: this.#buffer.shift()!, done: false });
    if (this.#overflowed && !this.#done) {
      // Tell first (e.g. close the socket with its code), so the consumer never takes the end for a normal one.
      this.#onOverflow?.();
      return this.return();
    }
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
