import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { UnitOfWork } from '../db/db.ts';
import type { SqlPart } from '../db/prepared.ts';
import { sqlExecutorOf } from '../db/sql-executor.ts';
import { isDatabaseOutage } from '../errors/outage.ts';

/**
 * Durable background jobs in PostgreSQL through pg-boss: timers (order expiry) and deliveries (webhooks)
 * survive restarts, and several processes share the work, each job claimed once with SKIP LOCKED.
 */
export interface QueueDefinition {
  /** Attempts after the first; pg-boss waits `retryDelaySeconds` between them. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long one attempt may run before pg-boss retries it elsewhere. */
  expireInSeconds?: number;
}

export interface SendOptions {
  startAfter?: Date;
  /** At most one queued job per key (e.g. one expiry timer per order). */
  singletonKey?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Enqueue inside this unit of work's transaction: the job exists only if the transaction commits. */
  transaction?: UnitOfWork;
}

export interface QueueBacklog {
  queue: string;
  /** Jobs due and waiting for a worker. */
  due: number;
  /** Seconds since the longest-waiting due job fell due (0 when none waits). */
  oldestDueSeconds: number;
}

export interface JobContext<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
}

/** pg-boss validates every key present, even when undefined: only the options that are set. */
function sendOptions(options: SendOptions) {
  const given = {
    startAfter: options.startAfter,
    singletonKey: options.singletonKey,
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    db: options.transaction ? sqlExecutorOf(options.transaction) : undefined,
  };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
}

export class JobQueue {
  readonly #boss: PgBoss;
  readonly #logger: Logger;
  readonly #pollingIntervalSeconds: number;
  readonly #defined = new Set<string>();
  /** Whether stopping has begun: shared with the error handler `start` attaches, and read by `running`. */
  readonly #lifecycle: { stopping: boolean };

  private constructor(
    boss: PgBoss,
    logger: Logger,
    pollingIntervalSeconds: number,
    lifecycle: { stopping: boolean },
  ) {
    this.#boss = boss;
    this.#logger = logger;
    this.#pollingIntervalSeconds = pollingIntervalSeconds;
    this.#lifecycle = lifecycle;
  }

  static async start(options: {
    url: string;
    logger: Logger;
    pollingIntervalSeconds?: number;
    /** Run maintenance (retention, expiry of stuck jobs) in this process. */
    supervise?: boolean;
  }): Promise<JobQueue> {
    const boss = new PgBoss({
      connectionString: options.url,
      schema: 'pgboss',
      max: 4,
      supervise: options.supervise ?? true,
      schedule: false,
      application_name: 'payments-gateway-jobs',
    });
    const lifecycle = { stopping: false };
    boss.on('error', (error) => {
      const { err, queue, worker } = jobQueueError(error);
      options.logger[jobQueueErrorLevel(err, lifecycle.stopping)]({ err, queue, worker }, 'job queue error');
    });
    await boss.start();
    return new JobQueue(boss, options.logger, options.pollingIntervalSeconds ?? 2, lifecycle);
  }

  /** Creates the queue once (idempotent across processes). */
  async define(name: string, definition: QueueDefinition = {}): Promise<void> {
    if (this.#defined.has(name)) return;
    const options = {
      retryLimit: definition.retryLimit ?? 3,
      retryDelay: definition.retryDelaySeconds ?? 30,
      retryBackoff: false,
      expireInSeconds: definition.expireInSeconds ?? 60,
    };
    const existing = await this.#boss.getQueue(name);
    if (existing) await this.#boss.updateQueue(name, options);
    else await this.#boss.createQueue(name, options);
    this.#defined.add(name);
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    return this.#boss.send(name, data, sendOptions(options));
  }

  /**
   * The statement that enqueues a job, for a caller to run as part of its own statement (a common table
   * expression of platform/db's `combinedStatement`): the job then exists exactly when the caller's write
   * commits, with no round trip of its own. pg-boss builds the statement as for `send` (queue settings,
   * singleton, retention), through its `db` adapter, which here records it instead of running it.
   */
  async insertFor<T extends object>(name: string, data: T, options: Omit<SendOptions, 'transaction'> = {}) {
    let captured: SqlPart | null = null;
    const recorder = {
      executeSql: async (text: string, values: unknown[] = []) => {
        captured = { sql: text, values };
        return { rows: [{ id: null }] };
      },
    };
    await this.#boss.send(name, data, {
      ...sendOptions({ ...options, transaction: undefined }),
      db: recorder,
    });
    const insert = captured as SqlPart | null;
    // Only a plain INSERT can be a part of another statement (a queue with `notify` wraps it in a WITH).
    if (!insert || !/^\s*insert\b/i.test(insert.sql)) {
      throw new Error(`pg-boss did not build a plain INSERT for queue ${name}`);
    }
    return insert;
  }

  /**
   * Sends outside any unit of work and only logs a failure: for work that something else catches up on (a
   * timer re-armed by its own worker, which a sweep would find anyway).
   */
  async trySend<T extends object>(name: string, data: T, options: Omit<SendOptions, 'transaction'> = {}) {
    try {
      await this.send(name, data, options);
    } catch (error) {
      this.#logger.warn({ err: error, queue: name }, 'could not send a job; a sweep will catch up');
    }
  }

  /** Handles jobs of one queue; a thrown error fails the attempt and pg-boss retries it. */
  async work<T extends object>(
    name: string,
    handler: (job: JobContext<T>) => Promise<void>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    await this.#boss.work<T>(
      name,
      {
        pollingIntervalSeconds: this.#pollingIntervalSeconds,
        batchSize: 1,
        localConcurrency: options.concurrency ?? 1,
      },
      async ([job]) => {
        if (!job) return;
        try {
          await handler({ id: job.id, data: job.data, retryCount: job.retryCount });
        } catch (error) {
          this.#logger.warn({ err: error, queue: name, jobId: job.id }, 'job attempt failed');
          throw error;
        }
      },
    );
  }

  /**
   * Per queue: jobs due now and not yet started, and how long the longest-waiting of them has been due
   * (metrics). Timers not yet due (an order's expiry an hour ahead) are not a backlog and are not counted.
   */
  async backlog(): Promise<QueueBacklog[]> {
    const result = await this.#boss.getDb().executeSql(
      `select name, count(*)::int as due,
              coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as oldest
         from pgboss.job
        where state in ('created', 'retry') and start_after <= now()
        group by name`,
    );
    return (result.rows as { name: string; due: number; oldest: number }[]).map((row) => ({
      queue: row.name,
      due: row.due,
      oldestDueSeconds: row.oldest,
    }));
  }

  /** False once stopping has begun (readiness). */
  get running(): boolean {
    return !this.#lifecycle.stopping;
  }

  async stop(): Promise<void> {
    this.#lifecycle.stopping = true;
    await this.#boss.stop({ graceful: true, timeout: 10_000, close: true });
  }
}

/**
 * How loud an error pg-boss reports is. The database being away is expected to pass (pg-boss retries by itself):
 * a warning, not a fault. Once the queue is stopping, a connection lost is the stop's own doing (pg-boss closes
 * its pool while a poll or its LISTEN connection may still be on it): no more than a debug line, so that Ctrl-C
 * ends with the two lines it promises ("server shutting down", "server stopped").
 */
export function jobQueueErrorLevel(err: unknown, stopping: boolean): 'debug' | 'warn' | 'error' {
  if (!isDatabaseOutage(err)) return 'error';
  return stopping ? 'debug' : 'warn';
}

/**
 * pg-boss emits a worker's failure as a plain object (`{ ...error, message, stack, queue, worker }`), which a
 * logger's error serializer cannot read: it becomes an Error again, with its message, code and stack.
 */
export function jobQueueError(value: unknown): { err: unknown; queue?: string; worker?: string } {
  if (value instanceof Error || typeof value !== 'object' || value === null) return { err: value };
  const record = value as Record<string, unknown>;
  const err = new Error(typeof record.message === 'string' ? record.message : 'job queue error');
  if (typeof record.code === 'string') Object.assign(err, { code: record.code });
  if (typeof record.stack === 'string') err.stack = record.stack;
  return {
    err,
    queue: typeof record.queue === 'string' ? record.queue : undefined,
    worker: typeof record.worker === 'string' ? record.worker : undefined,
  };
}
