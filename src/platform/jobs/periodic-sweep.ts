import type { Logger } from 'pino';
import type { Db } from '../db/db.ts';
import { nextSweepDelayMs, type SweepPace, type SweepRound } from './sweep-schedule.ts';

/** One batch of a sweep: how many rows were due (at most the batch size), and how many it acted on. */
export interface SweepBatch {
  found: number;
  acted: number;
}

export interface PeriodicSweepOptions extends SweepPace {
  /** Names the sweep in logs and its lock: processes sweeping under the same name take turns. */
  name: string;
  /** A `dedicated` Db: it holds the turn's lock on a connection of its own (`Db.exclusively`). */
  db: Db;
  logger: Logger;
  batchSize: number;
  /** Acts on at most `batchSize` due rows; stops early once `signal` is aborted (shutdown). */
  batch(batchSize: number, signal: AbortSignal): Promise<SweepBatch>;
}

/** About as prompt as the pg-boss timer the first sweep replaced was (it polled every 2 s). */
const SWEEP_INTERVAL_MS = 1000;
/** After failures (the database away) the pause doubles up to this. */
const MAX_BACKOFF_MS = 30_000;
const BATCH_SIZE = 200;
/** One connection holds the sweep's turn (its lock), one reads the due rows. */
const SWEEP_CONNECTIONS = 2;

/**
 * A sweep as a module's worker runs it (order expiry, the 3-D Secure challenge timeout): on connections of its
 * own (`Db.dedicated`), so a busy server's requests never hold it back and its reads never appear among theirs;
 * a round about every second, at most 200 rows each; started now, stopped and its connections closed at
 * shutdown. `batch` gets the sweep's Db: each row in a transaction of its own on its pool, the read on its own.
 */
export function startSweep(
  host: { deps: { db: Db; logger: Logger }; onShutdown(hook: () => Promise<void>): void },
  options: { name: string; batch(db: Db, batchSize: number, signal: AbortSignal): Promise<SweepBatch> },
): void {
  const db = host.deps.db.dedicated(SWEEP_CONNECTIONS);
  const sweep = new PeriodicSweep({
    name: options.name,
    db,
    logger: host.deps.logger,
    intervalMs: SWEEP_INTERVAL_MS,
    maxBackoffMs: MAX_BACKOFF_MS,
    batchSize: BATCH_SIZE,
    batch: (size, signal) => options.batch(db, size, signal),
  });
  host.onShutdown(async () => {
    await sweep.stop();
    await db.close();
  });
  sweep.start();
}

/**
 * Background work that finds due rows by an index instead of one job per row (order expiry): a round about
 * every `intervalMs` in every process that runs it, one process at a time (the others find the lock taken and
 * wait for their next round), the next round at once after a full batch (sweep-schedule.ts). A failed round
 * (the database away) is logged and retried after a growing pause; it never ends the process. The first round
 * runs at start, so a process catches up on whatever fell due while none ran. `stop` waits for the round in
 * progress, which stops between rows.
 */
export class PeriodicSweep {
  readonly #options: PeriodicSweepOptions;
  readonly #logger: Logger;
  readonly #abort = new AbortController();
  #timer: NodeJS.Timeout | null = null;
  #round: Promise<void> | null = null;
  #failuresInARow = 0;

  constructor(options: PeriodicSweepOptions) {
    this.#options = options;
    this.#logger = options.logger.child({ sweep: options.name });
  }

  start(): void {
    this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#abort.abort();
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#round;
  }

  #schedule(delayMs: number): void {
    if (this.#abort.signal.aborted) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#round = this.#run().finally(() => {
        this.#round = null;
      });
    }, delayMs);
    this.#timer.unref();
  }

  async #run(): Promise<void> {
    const round = await this.#sweepOnce();
    this.#schedule(nextSweepDelayMs(round, this.#options));
  }

  async #sweepOnce(): Promise<SweepRound> {
    const { db, name, batchSize } = this.#options;
    const signal = this.#abort.signal;
    try {
      const locked = await db.exclusively(`sweep:${name}`, () => this.#options.batch(batchSize, signal));
      if (this.#failuresInARow > 0) this.#logger.info({ failures: this.#failuresInARow }, 'sweep recovered');
      this.#failuresInARow = 0;
      if (!locked.taken) return { kind: 'busy' };
      const { found, acted } = locked.result;
      if (acted > 0) this.#logger.debug({ found, acted }, 'sweep acted on due rows');
      return { kind: 'swept', found, acted, batchSize };
    } catch (error) {
      this.#failuresInARow += 1;
      const round = { kind: 'failed', failuresInARow: this.#failuresInARow } as const;
      if (!signal.aborted) {
        // The rows stay due: the next round finds them. A failing sweep must not take the process down.
        const retryInMs = nextSweepDelayMs(round, this.#options);
        this.#logger.warn({ err: error, retryInMs }, 'sweep failed; trying again');
      }
      return round;
    }
  }
}
