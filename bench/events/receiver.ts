import type { ChildProcess } from 'node:child_process';
import { ask, nextMessage, sleep, startScript, stopChild } from '../lib/processes.ts';

/** The webhook receiver process (bench/events/webhook-receiver.ts) and the questions the bench asks it. */
export class Receiver {
  readonly url: string;
  readonly #child: ChildProcess;

  private constructor(child: ChildProcess, url: string) {
    this.#child = child;
    this.url = url;
  }

  static async start(): Promise<Receiver> {
    const child = startScript('bench/events/webhook-receiver.ts', { label: 'receiver' });
    const { url } = await nextMessage<{ url: string }>(
      child,
      (m) => (m as { type: string }).type === 'listening',
      '"listening"',
    );
    return new Receiver(child, url);
  }

  #ask<T>(type: string): Promise<T> {
    return ask<T>(this.#child, { type }, type === 'reset' ? 'reset-done' : type);
  }

  reset = () => this.#ask<unknown>('reset');
  count = () => this.#ask<{ requests: number; orders: number }>('count');
  report = () => this.#ask<{ requests: number; first: [string, number][]; times: number[] }>('report');

  /**
   * Waits until `requests` webhooks (or, with `distinctOrders`, that many different orders) have arrived, the
   * timeout passed, or none arrived for `idleMs`. Returns how many arrived.
   */
  async waitFor(target: number, options: { timeoutMs: number; idleMs: number; distinctOrders?: boolean }) {
    const deadline = Date.now() + options.timeoutMs;
    let last = -1;
    let lastChange = Date.now();
    for (;;) {
      const counts = await this.count();
      const seen = options.distinctOrders ? counts.orders : counts.requests;
      if (seen >= target || Date.now() >= deadline) return seen;
      if (seen !== last) {
        last = seen;
        lastChange = Date.now();
      } else if (Date.now() - lastChange >= options.idleMs) return seen;
      await sleep(100);
    }
  }

  stop = () => stopChild(this.#child, 5_000);
}
