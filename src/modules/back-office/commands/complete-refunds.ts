import type { BackOfficeDeps } from '../deps.ts';
import { RefundRepository } from '../refund.repository.ts';
import { finishRefund, loadPreparedRefund } from './create-refund.ts';

/**
 * The completer of refunds (issue 32): finds refunds that a request left mid-way (its process killed after
 * phase 1, or the acquirer did not answer) and untouched for `graceMs`, and drives each to its end: the acquirer
 * is asked again under the refund transaction's id, which answers the first call's outcome if it was made and
 * makes it otherwise (the acquirer contract), and the outcome is recorded through the state machine with its
 * events, outbox rows and webhooks, releasing the share of the balance the refund reserved (a declined or failed
 * refund no longer counts). A refund the acquirer still cannot be asked about stays `processing` for the next
 * round, until `giveUpMs` after its creation: then it is given up, failed (`error`, reason `processor_error`)
 * the same way, so nothing is retried forever and its amount is released. Runs in every process with
 * background work; two completers finishing one refund converge (phase 3 does nothing to a finished refund,
 * under the original order's row lock).
 */
export async function completeAbandonedRefunds(
  deps: BackOfficeDeps,
  options: { graceMs: number; giveUpMs: number; limit?: number },
): Promise<number> {
  const now = deps.now().getTime();
  const before = new Date(now - options.graceMs);
  const abandoned = await deps.db.read((uow) =>
    new RefundRepository(uow).unfinishedRefunds(before, options.limit ?? 100),
  );
  let finished = 0;
  for (const refund of abandoned) {
    try {
      const prepared = await deps.db.read((uow) =>
        loadPreparedRefund(uow, deps, refund.projectId, refund.orderId),
      );
      const givesUp = prepared.createdAt.getTime() <= now - options.giveUpMs;
      const { refund: view } = await finishRefund(deps, refund.projectId, prepared, {
        giveUpWithoutAnswer: givesUp,
        onAcquirerError: (err) =>
          deps.logger.warn(
            { err, refundOrderId: refund.orderId },
            givesUp
              ? 'completer: acquirer unreachable past COMPLETER_GIVE_UP_SECONDS; refund failed'
              : 'completer: acquirer unreachable; retrying later',
          ),
      });
      const status = view.transactions[0]?.transaction.status;
      if (status !== 'new' && status !== 'processing') finished += 1;
    } catch (error) {
      deps.logger.warn({ err: error, refundOrderId: refund.orderId }, 'completer: could not finish a refund');
    }
  }
  if (finished > 0) deps.logger.info({ finished }, 'completer finished abandoned refunds');
  return finished;
}
