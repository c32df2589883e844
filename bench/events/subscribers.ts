import type { ChildProcess } from 'node:child_process';
import { ask, sleep, startScript, stopChild } from '../lib/processes.ts';

/** Drives the socket-client processes of the fan-out bench (bench/events/socket-clients.ts) as one group. */
export interface OpenOptions {
  mode: 'graphql-ws' | 'ws';
  url: string;
  count: number;
  processes: number;
  apiKey?: string;
  query?: string;
}

export class Subscribers {
  readonly #children: ChildProcess[];
  readonly connected: number;

  private constructor(children: ChildProcess[], connected: number) {
    this.#children = children;
    this.connected = connected;
  }

  static async open(options: OpenOptions): Promise<Subscribers> {
    const processes = Math.max(1, Math.min(options.processes, options.count));
    const children = Array.from({ length: processes }, (_, index) =>
      startScript('bench/events/socket-clients.ts', { label: `sockets ${index + 1}` }),
    );
    const share = (index: number) =>
      Math.floor(options.count / processes) + (index < options.count % processes ? 1 : 0);
    const opened = await Promise.all(
      children.map((child, index) =>
        ask<{ connected: number }>(child, { type: 'open', ...options, count: share(index) }, 'opened'),
      ),
    );
    return new Subscribers(
      children,
      opened.reduce((sum, answer) => sum + answer.connected, 0),
    );
  }

  #ask<T>(type: string, reply: string): Promise<T[]> {
    return Promise.all(this.#children.map((child) => ask<T>(child, { type }, reply)));
  }

  async reset(): Promise<void> {
    await this.#ask('reset', 'reset-done');
  }

  async count(): Promise<{ messages: number; messageBytes: number }> {
    const answers = await this.#ask<{ messages: number; messageBytes: number }>('count', 'count');
    return {
      messages: answers.reduce((sum, answer) => sum + answer.messages, 0),
      messageBytes: Math.max(...answers.map((answer) => answer.messageBytes)),
    };
  }

  /** Waits until `messages` have arrived in all, or `timeoutMs` passed, or nothing arrived for `idleMs`. */
  async waitFor(messages: number, timeoutMs: number, idleMs = timeoutMs): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    let last = -1;
    let lastChange = Date.now();
    for (;;) {
      const { messages: seen } = await this.count();
      if (seen >= messages || Date.now() >= deadline) return seen;
      if (seen !== last) {
        last = seen;
        lastChange = Date.now();
      } else if (Date.now() - lastChange >= idleMs) return seen;
      await sleep(100);
    }
  }

  /** Every arrival time (ms, wall clock) by message key, from all processes. */
  async arrivals(): Promise<{ byKey: Map<string, number[]>; messageBytes: number }> {
    const answers = await this.#ask<{ arrivals: [string, number[]][]; messageBytes: number }>(
      'report',
      'report',
    );
    const byKey = new Map<string, number[]>();
    for (const answer of answers) {
      for (const [key, times] of answer.arrivals) byKey.set(key, [...(byKey.get(key) ?? []), ...times]);
    }
    return { byKey, messageBytes: Math.max(...answers.map((answer) => answer.messageBytes)) };
  }

  async close(): Promise<void> {
    await this.#ask('close', 'closed').catch(() => undefined);
    await Promise.all(this.#children.map((child) => stopChild(child, 5_000)));
  }
}
