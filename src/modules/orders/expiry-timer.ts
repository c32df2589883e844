import type { Deps } from '../../platform/deps.ts';
import { TimerQueue } from '../../platform/jobs/timer.ts';
import { expireOrderIfDue, expireOverdueOrders } from './commands/expire-order.ts';

/** One timer per open order at its `expires_at`, set in the unit of work that creates the order. */
export const orderExpiryTimer = new TimerQueue<{ orderId: string }>('orders.expire', {
  retryDelaySeconds: 30,
});

/** Expires each order when its timer fires, and every overdue one at each firing and at start. */
export function runOrderExpiry(deps: Deps): Promise<void> {
  return orderExpiryTimer.run(deps.jobs, deps.logger, {
    fire: async ({ orderId }) => {
      const outcome = await expireOrderIfDue(deps, orderId);
      return outcome.kind === 'not_due' ? outcome.expiresAt : null;
    },
    sweep: () => expireOverdueOrders(deps),
  });
}
