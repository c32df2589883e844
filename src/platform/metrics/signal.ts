/**
 * A tiny in-process signal: the one way a rule's owner (the status-change writer, the webhook attempt recorder)
 * lets observers (metrics) see what it did, without knowing them. An observer that throws is ignored: observing
 * never breaks the work observed.
 */
export class Signal<T> {
  readonly #observers = new Set<(value: T) => void>();

  /** Calls `observer` with every value emitted from now on; returns the function that stops it. */
  observe(observer: (value: T) => void): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }

  emit(value: T): void {
    for (const observer of this.#observers) {
      try {
        observer(value);
      } catch {
        // An observer's failure is its own: the work it watches goes on.
      }
    }
  }
}
