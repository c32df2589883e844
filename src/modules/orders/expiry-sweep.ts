import type { Deps } from '../../platform/deps.ts';
import { startSweep } from '../../platform/jobs/periodic-sweep.ts';
import type { WorkerHost } from '../../platform/module.ts';
import { expireOrderIfDue, expireOverdueBatch } from './commands/expire-order.ts';

/**
 * Order expiry: a sweep of the partial indexes on `expires_at` (`orders_open_expiry_idx`,
 * `orders_see_transactions_expiry_idx`) about every second, in every process with background work, one
 * process at a time, again at once after a full batch; at start it catches up on whatever fell due while no
 * process ran. It replaces one pg-boss job per order (issue 31): a create or an update writes no job row,
 * since the order's deadline is already in the index. The connections it uses are its own, so a busy server's
 * requests never hold it back and its reads never appear among theirs.
 */
export async function runOrderExpiry({
  deps,
  onShutdown,
}: Pick<WorkerHost, 'deps' | 'onShutdown'>): Promise<void> {
  startSweep(
    { deps, onShutdown },
    {
      name: 'orders.expire',
      // Each order in a transaction of its own on the sweep's pool; the read on its own connection.
      batch: (db, size, signal) => expireOverdueBatch({ db, now: deps.now }, size, signal),
    },
  );
  await runLegacyExpiryTimers(deps);
}

/**
 * The queue of the per-order timers this release stopped setting. Jobs set before the upgrade (or, during a
 * rolling upgrade, by a process of the previous release still running) are still handled, by the same idempotent
 * `expireOrderIfDue`, so the queue drains by itself: by the time a job is due the sweep has usually expired its
 * order, and the job then finds it settled; an order whose deadline moved later is left to the sweep (no
 * re-arming). Kept for one release (a migration could not delete the jobs an older process sends after it ran);
 * the next one removes the queue.
 */
export const LEGACY_EXPIRY_QUEUE = 'orders.expire';

export function defineLegacyExpiryQueue(deps: Deps): Promise<void> {
  return deps.jobs.define(LEGACY_EXPIRY_QUEUE, { retryLimit: 10, retryDelaySeconds: 30 });
}

function runLegacyExpiryTimers(deps: Deps): Promise<void> {
  return deps.jobs.work<{ orderId: string }>(LEGACY_EXPIRY_QUEUE, async ({ data }) => {
    await expireOrderIfDue(deps, data.orderId);
  });
}
