import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * Settings of how the gateway runs as processes: migrations at start, processes per machine, metrics, the read
 * replica and draining (docs/operations.md). Part of the one configuration schema.
 */

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const operationsEnvShape = {
  MIGRATE_ON_START: flag.optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(0),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_PIPELINED_READS: z.coerce.number().int().min(0).max(64).default(2),
  DATABASE_BATCHED_WRITES: z.coerce.number().int().min(0).max(64).default(1),
  DATABASE_WAIT_SECONDS: z.coerce.number().min(0).max(3600).default(300),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  DATABASE_POOL_WAIT_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  COMPLETER_GRACE_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  COMPLETER_GIVE_UP_SECONDS: z.coerce.number().min(1).max(604_800).default(3600),
};

type OperationsEnv = { NODE_ENV: 'development' | 'test' | 'production' } & z.infer<
  z.ZodObject<typeof operationsEnvShape>
>;

export interface OperationsConfig {
  /** Apply pending migrations at start (under the advisory lock); off: refuse to start on a database behind. */
  migrateOnStart: boolean;
  /** Server processes of `npm start` (node:cluster); 1 runs no cluster at all. */
  webConcurrency: number;
  /** A separate port for GET /metrics; unset: /metrics on the main port. */
  metricsPort: number | undefined;
  /**
   * The bearer token /metrics on the main port requires. In production without METRICS_PORT, /metrics is served
   * on the main port only with a token (it names merchants' GraphQL operations); outside production it is open
   * unless a token is set.
   */
  metricsToken: string | undefined;
  /** A streaming replica for the heavy reads (search, CSV, stats, GraphQL connections). */
  databaseReadUrl: string | undefined;
  /** How long a stopping server answers /health/ready with 503 before it stops taking requests. */
  shutdownGraceMs: number;
  /** Connections of this process's pool on the primary (and as many on the replica). */
  databasePoolSize: number;
  /**
   * Connections of this process, besides the pool, that carry the short reads by key of the request path
   * pipelined (platform/db/pipelined-reads.ts); 0: those reads use the pool.
   */
  databasePipelinedReads: number;
  /**
   * One-statement writes (a create) of this process running at once before concurrent ones queue and leave
   * merged into one statement (platform/db/write-batches.ts); 0: each write is a statement of its own.
   */
  databaseBatchedWrites: number;
  /** How long a start waits for an unreachable DATABASE_URL (one log line per attempt) before it gives up. */
  databaseWaitMs: number;
  /**
   * How long one statement of the gateway may run (waits for locks included) before PostgreSQL cancels it, and,
   * twice that, how long a transaction may sit idle (platform/db/session-limits.ts); 0: no limit.
   */
  databaseStatementTimeoutMs: number;
  /** How long a request waits for a connection of its process's pool (or for a new one to open); 0: no limit. */
  databasePoolWaitMs: number;
  /**
   * How long a money operation may sit mid-way before the completer finishes it (it looks twice as often):
   * longer than any live request takes, short enough that nothing stays stuck for a minute.
   */
  completerGraceMs: number;
  /**
   * How long after its creation a refund the acquirer could not be asked about (unreachable every time) is
   * given up: failed (`error`), its amount released, the merchant told by its webhook.
   */
  completerGiveUpMs: number;
}

export function operationsConfigFrom(raw: OperationsEnv): OperationsConfig {
  const production = raw.NODE_ENV === 'production';
  return {
    migrateOnStart: raw.MIGRATE_ON_START ?? !production,
    webConcurrency: raw.WEB_CONCURRENCY ?? (production ? availableParallelism() : 1),
    metricsPort: raw.METRICS_PORT,
    metricsToken: raw.METRICS_TOKEN,
    databaseReadUrl: raw.DATABASE_READ_URL,
    shutdownGraceMs: raw.SHUTDOWN_GRACE_SECONDS * 1000,
    databasePoolSize: raw.DATABASE_POOL_SIZE,
    databasePipelinedReads: raw.DATABASE_PIPELINED_READS,
    databaseBatchedWrites: raw.DATABASE_BATCHED_WRITES,
    databaseWaitMs: raw.DATABASE_WAIT_SECONDS * 1000,
    databaseStatementTimeoutMs: Math.round(raw.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000),
    databasePoolWaitMs: Math.round(raw.DATABASE_POOL_WAIT_SECONDS * 1000),
    completerGraceMs: raw.COMPLETER_GRACE_SECONDS * 1000,
    completerGiveUpMs: raw.COMPLETER_GIVE_UP_SECONDS * 1000,
  };
}
