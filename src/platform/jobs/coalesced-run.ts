/**
 * Runs a piece of background work one at a time, however often it is woken: a wake during a run makes exactly
 * one more run right after it (which sees whatever the wakes were about). The outbox relay, the webhook
 * delivery workers and the events feed's tail all wake on signals that come in bursts.
 */
export class CoalescedRun {
  readonly #work: () => Promise<void>;
  readonly #afterRun: () => void;
  #running: Promise<void> | null = null;
  #again = false;

  /** `afterRun` is called after a run that no wake followed. */
  constructor(work: () => Promise<void>, afterRun: () => void = () => undefined) {
    this.#work = work;
    this.#afterRun = afterRun;
  }

  /** The run in progress, if any. */
  get running(): Promise<void> | null {
    return this.#running;
  }

  /** Runs now, or once more right after the run in progress. */
  wake(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#work().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        this.wake();
      } else {
        this.#afterRun();
      }
    });
  }
}
