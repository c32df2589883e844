import { OrderChanges, OrderRepository, OrderWriteRepository } from '../../orders/index.ts';
import { capturableAmount } from '../capture-rules.ts';
import type { PaymentDeps } from '../deps.ts';
import { PaymentRepository } from '../payment.repository.ts';

export type ReleaseOutcome =
  | { kind: 'released' }
  | { kind: 'settled' }
  | { kind: 'not_due'; capturableUntil: Date };

type ReleaseDeps = Pick<PaymentDeps, 'db' | 'now' | 'acquirers' | 'logger'>;

/**
 * A pre-authorization not captured within its capture period is released: it is no longer capturable (nor
 * voidable), and the reserved amount is given back at the acquirer. The original order keeps its status.
 */
export async function releaseAuthorizationIfDue(
  deps: ReleaseDeps,
  transactionId: string,
): Promise<ReleaseOutcome> {
  const located = await deps.db.read((uow) => new PaymentRepository(uow).findAuthorization(transactionId));
  if (!located) return { kind: 'settled' };
  return deps.db.transaction(async (uow) => {
    const writes = new OrderWriteRepository(uow);
    const changes = new OrderChanges();
    const locked = await writes.lockOrderRows(null, located.orderId, changes);
    const order = locked?.order;
    const transaction = locked?.transactions.find((t) => t.id === transactionId);
    const authorization = await new PaymentRepository(uow).findAuthorization(transactionId);
    const at = deps.now();
    const until = authorization?.capturableUntil;
    if (!order || !transaction || !until || !transaction.isCapturable) return { kind: 'settled' };
    if (until.getTime() > at.getTime()) return { kind: 'not_due', capturableUntil: until };

    const result = await deps.acquirers.find(order)?.void({
      transactionId: transaction.id,
      originalTransactionId: transaction.id,
      authorizationCode: authorization.authorizationCode ?? undefined,
      // What earlier captures did not take (capture-rules.ts).
      amount: capturableAmount({
        authorized: transaction.amount,
        currency: transaction.currency,
        captures: (await new OrderRepository(uow).relatedOrdersOf(order.id)).filter(
          (related) => related.kind === 'capture',
        ),
      }),
      currency: transaction.currency,
    });
    if (result && result.kind !== 'approved') {
      // The acquirer releases uncaptured authorizations on its own schedule too; ours only stops captures.
      deps.logger.warn({ transactionId, responseCode: result.responseCode }, 'acquirer refused to release');
    }
    transaction.isCapturable = false;
    transaction.modifiedAt = at;
    order.modifiedAt = at;
    await writes.save(changes);
    return { kind: 'released' };
  });
}

export async function releaseOverdueAuthorizations(deps: ReleaseDeps, batchSize = 200): Promise<number> {
  let released = 0;
  for (;;) {
    const ids = await deps.db.read((uow) =>
      new PaymentRepository(uow).overdueAuthorizations(deps.now(), batchSize),
    );
    let batch = 0;
    for (const id of ids) if ((await releaseAuthorizationIfDue(deps, id)).kind === 'released') batch += 1;
    released += batch;
    if (ids.length < batchSize || batch === 0) return released;
  }
}
