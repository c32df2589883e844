import { TimerQueue } from '../../platform/jobs/timer.ts';
import { releaseAuthorizationIfDue, releaseOverdueAuthorizations } from './commands/release-authorization.ts';
import type { PaymentDeps } from './deps.ts';

/** One timer per approved pre-authorization at the end of its capture period, set in the approving unit of work. */
export const authorizationReleaseTimer = new TimerQueue<{ transactionId: string }>(
  'payments.release-authorization',
  { retryDelaySeconds: 60 },
);

/** Releases each pre-authorization when its capture period ends, and every overdue one at each firing and at start. */
export function runAuthorizationRelease(deps: PaymentDeps): Promise<void> {
  return authorizationReleaseTimer.run(deps.jobs, deps.logger, {
    fire: async ({ transactionId }) => {
      const outcome = await releaseAuthorizationIfDue(deps, transactionId);
      return outcome.kind === 'not_due' ? outcome.capturableUntil : null;
    },
    sweep: () => releaseOverdueAuthorizations(deps),
  });
}
