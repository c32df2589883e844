import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/orm.ts';
import { OrderRepository } from '../../orders/order.repository.ts';
import { PaymentRepository } from '../payment.repository.ts';
import { findAcquirerFor } from '../payment-runtime.ts';

export type ReleaseOutcome =
  | { kind: 'released' }
  | { kind: 'settled' }
  | { kind: 'not_due'; capturableUntil: Date };

/**
 * A pre-authorization not captured within its capture period is released: it is no longer capturable (nor
 * voidable), and the reserved amount is given back at the acquirer. The original order keeps its status.
 */
export async function releaseAuthorizationIfDue(
  db: Db,
  now: () => Date,
  transactionId: string,
  logger?: Logger,
): Promise<ReleaseOutcome> {
  const located = await db.read((em) => new PaymentRepository(em).findAuthorization(transactionId));
  if (!located) return { kind: 'settled' };
  return db.transaction(async (em) => {
    const orders = new OrderRepository(em);
    const order = await orders.lockOrder(null, located.orderId);
    const transaction = order ? await orders.findTransaction(order.id, transactionId) : null;
    const authorization = await new PaymentRepository(em).findAuthorization(transactionId);
    const at = now();
    const until = authorization?.capturableUntil;
    if (!order || !transaction || !until || !transaction.isCapturable) return { kind: 'settled' };
    if (until.getTime() > at.getTime()) return { kind: 'not_due', capturableUntil: until };

    const acquirer = findAcquirerFor(order, now);
    const result = await acquirer?.void({
      transactionId: transaction.id,
      originalTransactionId: transaction.id,
      authorizationCode: authorization.authorizationCode ?? undefined,
      amount: transaction.amount,
      currency: transaction.currency,
    });
    if (result && result.kind !== 'approved') {
      // The acquirer releases uncaptured authorizations on its own schedule too; ours only stops captures.
      logger?.warn({ transactionId, responseCode: result.responseCode }, 'acquirer refused to release');
    }
    transaction.isCapturable = false;
    transaction.modifiedAt = at;
    order.modifiedAt = at;
    return { kind: 'released' };
  });
}

export async function releaseOverdueAuthorizations(
  db: Db,
  now: () => Date,
  logger?: Logger,
  batchSize = 200,
): Promise<number> {
  let released = 0;
  for (;;) {
    const ids = await db.read((em) => new PaymentRepository(em).overdueAuthorizations(now(), batchSize));
    let batch = 0;
    for (const id of ids)
      if ((await releaseAuthorizationIfDue(db, now, id, logger)).kind === 'released') batch += 1;
    released += batch;
    if (ids.length < batchSize || batch === 0) return released;
  }
}
