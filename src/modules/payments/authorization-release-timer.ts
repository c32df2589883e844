import type { UnitOfWork } from '../../platform/db/db.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { releaseAuthorizationIfDue, releaseOverdueAuthorizations } from './commands/release-authorization.ts';
import type { PaymentDeps } from './deps.ts';

/**
 * A durable timer per approved pre-authorization at the end of its capture period (pg-boss, in PostgreSQL),
 * enqueued inside the unit of work that approves it. A sweep at start, and whenever a timer fires, catches
 * anything overdue all the same.
 */
export const AUTHORIZATION_RELEASE_QUEUE = 'payments.release-authorization';

export interface AuthorizationReleaseJob {
  transactionId: string;
}

export async function defineAuthorizationReleaseQueue(jobs: JobQueue): Promise<void> {
  await jobs.define(AUTHORIZATION_RELEASE_QUEUE, { retryLimit: 10, retryDelaySeconds: 60 });
}

export async function scheduleAuthorizationRelease(
  jobs: JobQueue,
  uow: UnitOfWork,
  transactionId: string,
  capturableUntil: Date,
): Promise<void> {
  const job: AuthorizationReleaseJob = { transactionId };
  await jobs.send(AUTHORIZATION_RELEASE_QUEUE, job, { startAfter: capturableUntil, transaction: uow });
}

/** The timer worker, then a catch-up sweep of whatever fell due while no worker ran. */
export async function runAuthorizationRelease(deps: PaymentDeps): Promise<void> {
  await deps.jobs.work<AuthorizationReleaseJob>(AUTHORIZATION_RELEASE_QUEUE, async ({ data }) => {
    const outcome = await releaseAuthorizationIfDue(deps, data.transactionId);
    if (outcome.kind === 'not_due') {
      await deps.jobs.trySend(AUTHORIZATION_RELEASE_QUEUE, data, { startAfter: outcome.capturableUntil });
    }
    await releaseOverdueAuthorizations(deps);
  });
  try {
    const released = await releaseOverdueAuthorizations(deps);
    if (released) deps.logger.info({ released }, 'caught up on overdue pre-authorizations');
  } catch (error) {
    // The timers and the next start sweep again; a failing sweep must not keep the service down.
    deps.logger.error({ err: error }, 'authorization release sweep failed');
  }
}
