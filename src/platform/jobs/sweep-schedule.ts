/**
 * When a periodic sweep (platform/jobs/periodic-sweep.ts) runs next, from how its last round went. Pure: the
 * sweep's only decision, unit-tested on its own.
 */
export type SweepRound =
  /** This process swept one batch: `found` rows due (at most `batchSize`), of which it `acted` on `acted`. */
  | { kind: 'swept'; found: number; acted: number; batchSize: number }
  /** Another process was sweeping: it is not this one's turn. */
  | { kind: 'busy' }
  /** The round failed (the database away); `failuresInARow` counts this one. */
  | { kind: 'failed'; failuresInARow: number };

export interface SweepPace {
  /** Between rounds that found the backlog cleared, and while another process sweeps. */
  intervalMs: number;
  /** The longest wait after failures, which double it from `intervalMs`. */
  maxBackoffMs: number;
}

export function nextSweepDelayMs(round: SweepRound, pace: SweepPace): number {
  switch (round.kind) {
    case 'swept':
      // A full batch means more may be due: at once. A full batch of which nothing moved (each row settled by
      // someone else meanwhile) would come back unchanged: wait, rather than spin on it.
      return round.found >= round.batchSize && round.acted > 0 ? 0 : pace.intervalMs;
    case 'busy':
      return pace.intervalMs;
    case 'failed':
      return Math.min(pace.maxBackoffMs, pace.intervalMs * 2 ** Math.min(round.failuresInARow, 20));
  }
}
