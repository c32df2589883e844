import type { Logger } from 'pino';
import type { Deps } from '../../platform/deps.ts';
import { CoalescedRun } from '../../platform/jobs/coalesced-run.ts';
import { OUTBOX_CHANNEL } from '../../platform/pubsub/channels.ts';
import type { PgListener } from '../../platform/pubsub/pg-listener.ts';
import { relayOutboxBatch } from './commands/relay-outbox.ts';

const BATCH_SIZE = 100;

/**
 * Runs the outbox relay in this process: at start, on every NOTIFY of a new outbox row (from any process),
 * after a lost LISTEN connection comes back, and on a periodic sweep, so a missed notification or a crash
 * between commit and relay only delays a webhook. Runs are coalesced: one at a time, and one more if woken
 * meanwhile.
 */
export class OutboxRelay {
  readonly #deps: Deps;
  readonly #notifications: PgListener;
  readonly #logger: Logger;
  readonly #unlisten: (() => void)[] = [];
  #sweep: NodeJS.Timeout | null = null;
  readonly #run = new CoalescedRun(() => this.#drain());
  #stopped = false;

  constructor(deps: Deps, notifications: PgListener) {
    this.#logger = deps.logger.child({ component: 'outbox-relay' });
    this.#deps = { ...deps, logger: this.#logger };
    this.#notifications = notifications;
  }

  start(): void {
    const notifications = this.#notifications;
    this.#unlisten.push(
      notifications.on(OUTBOX_CHANNEL, () => this.wake()),
      notifications.onReconnect(() => this.wake()),
    );
    this.#sweep = setInterval(() => this.wake(), this.#deps.config.outboxSweepIntervalSeconds * 1000);
    this.#sweep.unref();
    this.wake();
  }

  /** Relays now, or right after the run in progress. */
  wake(): void {
    if (!this.#stopped) this.#run.wake();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#sweep) clearInterval(this.#sweep);
    for (const unlisten of this.#unlisten) unlisten();
    await this.#run.running;
  }

  async #drain(): Promise<void> {
    try {
      while (!this.#stopped) {
        const claimed = await relayOutboxBatch(this.#deps, BATCH_SIZE);
        if (claimed > 0) this.#logger.debug({ claimed }, 'outbox rows relayed');
        if (claimed < BATCH_SIZE) return;
      }
    } catch (error) {
      // The rows stay unrelayed; the next notification or sweep tries again.
      this.#logger.error({ err: error }, 'outbox relay failed');
    }
  }
}
