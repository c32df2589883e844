import { PeriodicSweep } from '../../platform/jobs/periodic-sweep.ts';
import type { WorkerHost } from '../../platform/module.ts';
import { expireOverdueChallenges } from './commands/expire-challenges.ts';
import type { PaymentDeps } from './deps.ts';

const SWEEP_INTERVAL_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
const BATCH_SIZE = 200;
/** One connection holds the sweep's turn (its lock), one reads the overdue challenges. */
const SWEEP_CONNECTIONS = 2;

/**
 * The 3-D Secure challenge timeout, swept like order expiry (orders/expiry-sweep.ts): about every second, in
 * every process with background work, one process at a time (a session advisory lock), again at once after a
 * full batch, catching up at start. It reads the challenges still waiting past `THREE_D_SECURE_CHALLENGE_TIMEOUT`
 * from the partial index `card_authorizations_challenges_idx`, so the card flow writes nothing for it, and
 * expires each in a transaction of its own under its order's row lock.
 */
export function runChallengeTimeout({
  deps,
  onShutdown,
}: Pick<WorkerHost<PaymentDeps>, 'deps' | 'onShutdown'>): void {
  const db = deps.db.dedicated(SWEEP_CONNECTIONS);
  const sweep = new PeriodicSweep({
    name: 'payments.expire-challenges',
    db,
    logger: deps.logger,
    intervalMs: SWEEP_INTERVAL_MS,
    maxBackoffMs: MAX_BACKOFF_MS,
    batchSize: BATCH_SIZE,
    // Each challenge in a transaction of its own on the shared pool (Db.dedicated); the read on the sweep's.
    batch: (size, signal) =>
      expireOverdueChallenges({ db, now: deps.now, config: deps.config }, size, signal),
  });
  onShutdown(async () => {
    await sweep.stop();
    await db.close();
  });
  sweep.start();
}
