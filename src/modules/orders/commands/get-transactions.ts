import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { isUuid } from '../order.repository.ts';
import type { TransactionView } from '../order-view.ts';
import { TransactionViewRepository } from '../order-views.repository.ts';

/**
 * The caller's transactions among `transactionIds` (in no particular order; unknown ids and other projects'
 * transactions are left out), with their events unless `events` is false. One prepared statement.
 */
export function getTransactions(
  deps: Deps,
  actor: Actor,
  transactionIds: readonly string[],
  options: { events: boolean } = { events: true },
): Promise<TransactionView[]> {
  const ids = transactionIds.filter(isUuid);
  if (ids.length === 0) return Promise.resolve([]);
  return deps.db.read((uow) =>
    new TransactionViewRepository(uow).readTransactionViews(actor.projectId, ids, options.events),
  );
}
