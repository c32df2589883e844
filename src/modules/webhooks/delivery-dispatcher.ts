import type { Logger } from 'pino';
import type { Deps } from '../../platform/deps.ts';
import { CoalescedRun } from '../../platform/jobs/coalesced-run.ts';
import { DELIVERIES_CHANNEL } from '../../platform/pubsub/channels.ts';
import type { PgListener } from '../../platform/pubsub/pg-listener.ts';
import { attemptDelivery } from './commands/attempt-delivery.ts';
import { recordAndClaim, recordAttempts, recordableWithClaim } from './commands/record-attempts.ts';
import type { ClaimedDelivery, ClaimOptions, RecordedAttempt } from './delivery-queue.repository.ts';

/**
 * The webhook delivery workers of one process. Fetches continuously while work is waiting and goes idle only
 * when nothing is due. Its cycle is ONE statement (recordAndClaim): the attempts that finished since the last
 * cycle are recorded and, in the same statement, as many due deliveries are claimed as there are free slots
 * (WEBHOOK_CONCURRENCY in all, WEBHOOK_PROJECT_CONCURRENCY per project across every process, fairly across
 * projects), and each is posted at once. A slot freed by a finished attempt is thus refilled by the very
 * statement that records it: no round trip waits between one delivery and the next. Cycles run one at a time;
 * attempts finishing meanwhile make the next cycle's batch. It wakes when attempts finish, when deliveries are
 * queued (this process's relay at once, other processes' through NOTIFY), when the next retry falls due, and on
 * a sweep (OUTBOX_SWEEP_INTERVAL_SECONDS) for what another process's lost notification or dead worker left.
 */
export class DeliveryDispatcher {
  readonly #deps: Deps;
  readonly #logger: Logger;
  readonly #unlisten: (() => void)[] = [];
  readonly #abort = new AbortController();
  /** Attempts claimed and not yet recorded. */
  #inFlight = 0;
  readonly #cycle = new CoalescedRun(() => this.#run());
  #timer: NodeJS.Timeout | null = null;
  #timerAt = Number.POSITIVE_INFINITY;
  readonly #finished: RecordedAttempt[] = [];
  #finishing: NodeJS.Immediate | null = null;
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

  /** Records what finished and claims due deliveries now, or right after the cycle in progress. */
  wake(): void {
    this.#cycle.wake();
  }

  /** Stops claiming, aborts attempts in flight (their leases run out and they are retried) and records the rest. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const unlisten of this.#unlisten) unlisten();
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#finishing) clearImmediate(this.#finishing);
    this.#abort.abort();
    // Stopped, a cycle records what finished and claims nothing; a wake during a cycle runs one more after it.
    for (;;) {
      while (this.#cycle.running) await this.#cycle.running;
      if (this.#finished.length === 0) return;
      this.#cycle.wake();
    }
  }

  async #run(): Promise<void> {
    const { webhooks } = this.#deps.config;
    while (true) {
      const batch = this.#finished.splice(0);
      const free = this.#stopped ? 0 : webhooks.concurrency - this.#inFlight + batch.length;
      if (batch.length === 0 && free <= 0) return;
      let recorded = batch;
      if (!recordableWithClaim(batch)) {
        // A delivery gave up: its event is written in the same transaction as its attempt (rare).
        await this.#record(batch);
        recorded = [];
      }
      const options: ClaimOptions = {
        limit: free,
        perProject: webhooks.projectConcurrency,
        leaseSeconds: {
          first: leaseSeconds(webhooks.firstTimeoutMs),
          retry: leaseSeconds(webhooks.retryTimeoutMs),
        },
      };
      let claimed: ClaimedDelivery[];
      try {
        const cycle = await recordAndClaim(this.#deps, recorded, options);
        claimed = cycle.claimed;
        this.#wakeAt(cycle.nextDueAt ? cycle.nextDueAt.getTime() : Number.POSITIVE_INFINITY);
      } catch (error) {
        // Not recorded: the leases run out and the deliveries are attempted again (at least once).
        this.#logger.error(
          { err: error, attempts: recorded.length },
          'could not record webhook attempts and claim deliveries; retrying',
        );
        this.#inFlight -= recorded.length;
        this.#wakeAt(Date.now() + 1000);
        return;
      }
      this.#inFlight -= recorded.length;
      for (const delivery of claimed) this.#attempt(delivery);
      // Fewer than asked: nothing else is due right now (or the projects due are at their limit).
      if (claimed.length < free && this.#finished.length === 0) return;
    }
  }

  /** Records attempts apart from a claim (a delivery gave up); never throws. */
  async #record(batch: RecordedAttempt[]): Promise<void> {
    try {
      await recordAttempts(this.#deps, batch);
    } catch (error) {
      // Not recorded: the leases run out and the deliveries are attempted again (at least once).
      this.#logger.error({ err: error, attempts: batch.length }, 'could not record webhook attempts');
    }
    this.#inFlight -= batch.length;
  }

  #attempt(delivery: ClaimedDelivery): void {
    this.#inFlight += 1;
    attemptDelivery(this.#deps, delivery, this.#abort.signal)
      .then((attempt) => {
        if (this.#abort.signal.aborted) {
          this.#inFlight -= 1;
          return;
        }
        this.#log(delivery, attempt);
        this.#finished.push(attempt);
        // Attempts finishing in the same turn of the event loop are recorded together.
        this.#finishing ??= setImmediate(() => {
          this.#finishing = null;
          this.wake();
        });
      })
      .catch((error) => {
        this.#logger.error({ err: error, deliveryId: delivery.id }, 'webhook attempt failed unexpectedly');
        this.#inFlight -= 1;
        this.wake();
      });
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
