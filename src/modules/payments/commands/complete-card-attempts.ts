import { uuidFrom } from '../../../platform/operations/idempotent-operation.ts';
import {
  changeTransactionStatus,
  OrderChanges,
  OrderWriteRepository,
  processingOutcomes,
} from '../../orders/index.ts';
import type { OperationResult } from '../acquirer/acquirer.ts';
import { RESPONSE_CODES } from '../acquirer/response-codes.ts';
import { CREDIT_CARD } from '../credit-card.ts';
import type { PaymentDeps } from '../deps.ts';
import { PaymentRepository } from '../payment.repository.ts';

/** How an attempt the completer failed reads: nothing was answered in time (ISO 8583 `68`). */
const ABANDONED: OperationResult = {
  kind: 'error',
  responseCode: RESPONSE_CODES.responseTooLate.code,
  responseCodeDescription: RESPONSE_CODES.responseTooLate.description,
  reason: RESPONSE_CODES.responseTooLate.reason,
};

/**
 * The completer of hosted card attempts (issue 32): an attempt of the card form whose process died between its
 * two phases (hosted-pages/commands/pay-order-by-card.ts) stays `new`, the page showing it in progress, and no
 * one else will move it: the CVC it needs to be authorized is gone with the process. Once untouched for
 * `graceMs`, it is failed cleanly: under the order's row lock, the acquirer is told to release whatever it may
 * hold under the attempt's id (a void with the original reference; the acquirer contract makes a void of an
 * authorization it never made do nothing, and the void's own id is derived from the attempt's, so two
 * completers send one void), then the attempt becomes `error` through the state machine (event, outbox row,
 * webhook). The hosted order stays open: the customer may pay again. An acquirer that cannot be reached leaves
 * the attempt for the next round.
 */
export async function completeAbandonedCardAttempts(
  deps: PaymentDeps,
  options: { graceMs: number; limit?: number },
): Promise<number> {
  const before = new Date(deps.now().getTime() - options.graceMs);
  const abandoned = await deps.db.read((uow) =>
    new PaymentRepository(uow).abandonedCardAttempts(CREDIT_CARD, before, options.limit ?? 100),
  );
  let failed = 0;
  for (const attempt of abandoned) {
    try {
      if (await failAttempt(deps, attempt)) failed += 1;
    } catch (error) {
      deps.logger.warn(
        { err: error, transactionId: attempt.transactionId },
        'completer: could not release an abandoned card attempt; retrying later',
      );
    }
  }
  if (failed > 0) deps.logger.info({ failed }, 'completer failed abandoned card attempts');
  return failed;
}

async function failAttempt(
  deps: PaymentDeps,
  attempt: { projectId: string; orderId: string; transactionId: string },
): Promise<boolean> {
  return deps.db.transaction(async (uow) => {
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const locked = await writes.lockOrderRows(attempt.projectId, attempt.orderId, orders);
    const order = locked?.order;
    const transactions = locked?.transactions ?? [];
    const transaction = transactions.find((t) => t.id === attempt.transactionId);
    // Moved meanwhile (its own request finished after all, the order expired): nothing left to do.
    if (!order || !transaction || transaction.status !== 'new') return false;
    const acquirer = deps.acquirers.find(order);
    if (acquirer) {
      await acquirer.void({
        transactionId: uuidFrom(`${transaction.id}:release`),
        originalTransactionId: transaction.id,
        amount: transaction.amount,
        currency: transaction.currency,
      });
    }
    const at = deps.now();
    transaction.outcomes = processingOutcomes(ABANDONED);
    transaction.reason = ABANDONED.reason;
    transaction.modifiedAt = at;
    changeTransactionStatus({ orders, at }, order, transactions, transaction, 'error');
    await writes.save(orders);
    return true;
  });
}
