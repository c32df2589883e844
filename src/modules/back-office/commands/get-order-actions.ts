import type { Actor } from '../../../platform/auth/actor.ts';
import type { BackOfficeDeps } from '../deps.ts';
import type { OrderActionFacts } from '../order-actions.ts';
import { OrderFactsRepository } from '../order-facts.repository.ts';

/**
 * The facts that decide the actions and amounts of the caller's orders among `orderIds` (order-actions.ts), by
 * order id; other projects' orders and unknown ids are left out. A read: the answer is "now", as a dashboard
 * shows it, and a command still checks again under the order's lock when it is asked.
 */
export function getOrderActionFacts(
  deps: BackOfficeDeps,
  actor: Actor,
  orderIds: readonly string[],
): Promise<Map<string, OrderActionFacts>> {
  return deps.db.read((uow) =>
    new OrderFactsRepository(uow).factsOf(actor.projectId, orderIds, {
      at: deps.now(),
      hasAcquirer: (order) => deps.acquirers.find(order) !== null,
    }),
  );
}
