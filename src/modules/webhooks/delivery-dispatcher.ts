import type { Logger } from 'pino';
import type { Deps } from '../../platform/deps.ts';
import { CoalescedRun } from '../../platform/jobs/coalesced-run.ts';
import { DELIVERIES_CHANNEL } from '../../platform/pubsub/channels.ts';
import type { PgListener } from '../../platform/pubsub/pg-listener.ts';
import { attemptDelivery } from './commands/attempt-delivery.ts';
import { recordAttempts } from './commands/record-attempts.ts';
import {
  type ClaimedDelivery,
  DeliveryQueueRepository,
  type RecordedAttempt,
} from './delivery-queue.repository.ts';

/**
 * The webhook delivery workers of one process. Fetches continuously while work is waiting and goes idle only
 * when nothing is due: it claims due deliveries as soon as it has free slots (WEBHOOK_CONCURRENCY in all,
 * WEBHOOK_PROJECT_CONCURRENCY per project across every process, fairly across projects: see
 * DeliveryQueueRepository.claimDue), posts each at once, and records finished attempts in batches, one
 * statement per batch. It wakes when deliveries are queued (this process's relay at once, other processes'
 * through NOTIFY), when the next retry falls due, and on a sweep (OUTBOX_SWEEP_INTERVAL_SECONDS) for what another
 * process's lost notification or dead worker left behind.
 */
export class DeliveryDispatcher {
  readonly #deps: Deps;
  readonly #logger: Logger;
  readonly #unlisten: (() => void)[] = [];
  readonly #abort = new AbortController();
  /** Attempts claimed and not yet recorded. */
  #inFlight = 0;
  readonly #claiming = new CoalescedRun(() => this.#claim());
  #timer: NodeJS.Timeout | null = null;
  #timerAt = Number.POSITIVE_INFINITY;
  readonly #finished: RecordedAttempt[] = [];
  #recording: Promise<void> | null = null;
  #stopped = false;

  constructor(deps: Deps, notifications: PgListener) {
    this.#logger = deps.logger.child({ component: 'webhook-dispatcher' });
    this.#deps = { ...deps, logger: this.#logger };
    this.#unlisten.push(
      notifications.on(DELIVERIES_CHANNEL, () => this.wake()),
      notifications.onReconnect(() => this.wake()),
    );
  }

  start(): void {
    this.wake();
  }

  /** Claims due deliveries now, or right after the claim in progress. */
  wake(): void {
    if (!this.#stopped) this.#claiming.wake();
  }

  /** Stops claiming, aborts attempts in flight (their leases run out and they are retried) and records the rest. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const unlisten of this.#unlisten) unlisten();
    if (this.#timer) clearTimeout(this.#timer);
    this.#abort.abort();
    await this.#claiming.running;
    await this.#recording;
    if (this.#finished.length) await this.#record();
  }

  async #claim(): Promise<void> {
    const { webhooks } = this.#deps.config;
    try {
      while (!this.#stopped) {
        const free = webhooks.concurrency - this.#inFlight;
        if (free <= 0) return;
        const { claimed, nextDueAt } = await this.#deps.db.read((uow) =>
          new DeliveryQueueRepository(uow).claimDue({
            limit: free,
            perProject: webhooks.projectConcurrency,
            leaseSeconds: {
              first: leaseSeconds(webhooks.firstTimeoutMs),
              retry: leaseSeconds(webhooks.retryTimeoutMs),
            },
          }),
        );
        this.#wakeAt(nextDueAt ? nextDueAt.getTime() : Number.POSITIVE_INFINITY);
        for (const delivery of claimed) this.#attempt(delivery);
        // Fewer than asked: nothing else is due right now (or the projects due are at their limit).
        if (claimed.length < free) return;
      }
    } catch (error) {
      this.#logger.error({ err: error }, 'could not claim webhook deliveries; retrying');
      this.#wakeAt(Date.now() + 1000);
    }
  }

  #attempt(delivery: ClaimedDelivery): void {
    this.#inFlight += 1;
    attemptDelivery(this.#deps, delivery, this.#abort.signal)
      .then((attempt) => {
        if (this.#abort.signal.aborted) return this.#release(1);
        this.#log(delivery, attempt);
        this.#finished.push(attempt);
        if (!this.#recording) this.#recording = this.#recordSoon();
      })
      .catch((error) => {
        this.#logger.error({ err: error, deliveryId: delivery.id }, 'webhook attempt failed unexpectedly');
        this.#release(1);
      });
  }

  /** Attempts finishing in the same tick go together; attempts finishing meanwhile make the next batch. */
  async #recordSoon(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (this.#finished.length) await this.#record();
    } finally {
      this.#recording = null;
    }
  }

  async #record(): Promise<void> {
    const batch = this.#finished.splice(0);
    try {
      await recordAttempts(this.#deps, batch);
    } catch (error) {
      // Not recorded: the leases run out and the deliveries are attempted again (at least once).
      this.#logger.error({ err: error, attempts: batch.length }, 'could not record webhook attempts');
    }
    this.#release(batch.length);
  }

  #release(count: number): void {
    this.#inFlight -= count;
    this.wake();
  }

  /** Wakes at `at` (ms since the epoch) unless an earlier wake is already set; never later than the sweep. */
  #wakeAt(at: number): void {
    if (this.#stopped) return;
    const when = Math.min(at, Date.now() + this.#deps.config.outboxSweepIntervalSeconds * 1000);
    if (this.#timer && this.#timerAt <= when) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timerAt = when;
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.#timerAt = Number.POSITIVE_INFINITY;
        this.wake();
      },
      Math.max(0, when - Date.now()),
    );
    this.#timer.unref();
  }

  #log(delivery: ClaimedDelivery, attempt: RecordedAttempt): void {
    const fields = {
      deliveryId: delivery.id,
      orderId: delivery.orderId,
      attempt: attempt.attempt,
      httpStatus: attempt.httpStatus,
      errorKind: attempt.errorKind,
      durationMs: attempt.durationMs,
    };
    if (attempt.errorKind === null) this.#logger.debug(fields, 'webhook delivered');
    else this.#logger.info(fields, 'webhook attempt failed');
  }
}

/** How long a claimed delivery stays leased: connect, read and a margin; past it the worker is presumed dead. */
function leaseSeconds(timeoutMs: number): number {
  return Math.ceil((2 * timeoutMs) / 1000) + 15;
}
