import type { WebhookConfig } from '../../config/index.ts';

/**
 * When webhook attempts run and when delivery stops (spec part 6). Pure: the attempt command reads the
 * delivery, posts, asks here, and writes the answer.
 */

/** Connect and read timeout of attempt `number` (1 for the first): the first is short, retries wait longer. */
export function attemptTimeoutMs(
  number: number,
  settings: Pick<WebhookConfig, 'firstTimeoutMs' | 'retryTimeoutMs'>,
): number {
  return number === 1 ? settings.firstTimeoutMs : settings.retryTimeoutMs;
}

export interface FinishedAttempt {
  /** 1 for the first attempt. */
  number: number;
  maxAttempts: number;
  /** Success is HTTP 200 only. */
  ok: boolean;
  /** When the attempt ended, by the app's clock (what the delivery log shows). */
  finishedAt: Date;
  /** The real time now: the job queue runs on the database clock, so the retry is queued from it. */
  realNow: Date;
}

export type NextStep =
  | { state: 'delivered' | 'failed'; completedAt: Date; nextAttemptAt: null }
  /** Another attempt: shown at `nextAttemptAt`, queued to start after `retryAt`. */
  | { state: 'pending'; completedAt: null; nextAttemptAt: Date; retryAt: Date };

/** Delivered on success; failed for good after the last allowed attempt; otherwise retried after the interval. */
export function nextStepAfter(
  attempt: FinishedAttempt,
  settings: Pick<WebhookConfig, 'retryIntervalSeconds'>,
): NextStep {
  if (attempt.ok || attempt.number >= attempt.maxAttempts) {
    return {
      state: attempt.ok ? 'delivered' : 'failed',
      completedAt: attempt.finishedAt,
      nextAttemptAt: null,
    };
  }
  const intervalMs = settings.retryIntervalSeconds * 1000;
  return {
    state: 'pending',
    completedAt: null,
    nextAttemptAt: new Date(attempt.finishedAt.getTime() + intervalMs),
    retryAt: new Date(attempt.realNow.getTime() + intervalMs),
  };
}
