import { startSweep } from '../../platform/jobs/periodic-sweep.ts';
import type { WorkerHost } from '../../platform/module.ts';
import { expireOverdueChallenges } from './commands/expire-challenges.ts';
import type { PaymentDeps } from './deps.ts';

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
  startSweep(
    { deps, onShutdown },
    {
      name: 'payments.expire-challenges',
      // Each challenge in a transaction of its own on the sweep's pool; the read on its own connection.
      batch: (db, size, signal) =>
        expireOverdueChallenges({ db, now: deps.now, config: deps.config }, size, signal),
    },
  );
}
