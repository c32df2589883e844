import type { Logger } from 'pino';
import type { UnitOfWork } from '../db/db.ts';
import type { SqlPart } from '../db/prepared.ts';
import type { JobQueue } from './job-queue.ts';

/**
 * A durable timer on the job queue: one job per item at its due time, enqueued inside the unit of work that
 * creates the item (so it exists exactly when the item does) and kept across restarts. A timer that fires
 * early re-arms itself; every firing, and the start of every worker, sweeps for anything overdue (a job lost
 * between commit and send, rows older than the timers).
 */
export class TimerQueue<Job extends object> {
  readonly queue: string;
  readonly #retryDelaySeconds: number;

  constructor(queue: string, options: { retryDelaySeconds: number }) {
    this.queue = queue;
    this.#retryDelaySeconds = options.retryDelaySeconds;
  }

  /** Creates the queue (every process that schedules or runs the timer). */
  define(jobs: JobQueue): Promise<void> {
    return jobs.define(this.queue, { retryLimit: 10, retryDelaySeconds: this.#retryDelaySeconds });
  }

  /** Sets the timer inside `uow`: it exists only if the unit of work commits. */
  async schedule(jobs: JobQueue, uow: UnitOfWork, job: Job, dueAt: Date): Promise<void> {
    await jobs.send(this.queue, job, { startAfter: dueAt, transaction: uow });
  }

  /** The timer as a part of the caller's own write statement (see `JobQueue.insertFor`). */
  insertFor(jobs: JobQueue, job: Job, dueAt: Date): Promise<SqlPart> {
    return jobs.insertFor(this.queue, job, { startAfter: dueAt });
  }

  /**
   * Runs the timer in this process: `fire` handles one item and returns when it is due instead if the timer
   * fired early (null otherwise); `sweep` handles every overdue item and returns how many.
   */
  async run(
    jobs: JobQueue,
    logger: Logger,
    handlers: { fire(job: Job): Promise<Date | null>; sweep(): Promise<number> },
  ): Promise<void> {
    await jobs.work<Job>(this.queue, async ({ data }) => {
      const dueAt = await handlers.fire(data);
      // Best effort: should this send fail, the sweep finds the item all the same.
      if (dueAt) await jobs.trySend(this.queue, data, { startAfter: dueAt });
      await handlers.sweep();
    });
    try {
      const caughtUp = await handlers.sweep();
      if (caughtUp) logger.info({ queue: this.queue, caughtUp }, 'caught up on overdue timers');
    } catch (error) {
      // The timers and the next start sweep again; a failing sweep must not keep the service down.
      logger.error({ err: error, queue: this.queue }, 'timer sweep failed');
    }
  }
}
