import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { assertWellFormedInput } from '../../../platform/errors/zod.ts';
import { SearchQueryError } from '../errors.ts';
import { searchInputError } from '../search-input.ts';
import { OrderStatsRepository } from '../stats.repository.ts';
import {
  type OrderStatsPlan,
  type OrderStatsRequest,
  planOrderStats,
  type StatsBucket,
  toBuckets,
} from '../stats-plan.ts';

export interface OrderStatsResult {
  plan: OrderStatsPlan;
  buckets: StatsBucket[];
}

/**
 * `orderStats` (issue 14, point 6): the caller's payment orders of a window, matching a search query, counted
 * and summed per bucket in one statement (stats-plan.ts says what is counted). Bad input is a 400-kind
 * DomainError naming the field.
 */
export async function orderStats(
  deps: Deps,
  actor: Actor,
  request: OrderStatsRequest,
): Promise<OrderStatsResult> {
  // Query values become SQL parameters: NUL and lone surrogates are refused before they get there.
  assertWellFormedInput(request);
  let plan: OrderStatsPlan;
  try {
    plan = planOrderStats(request);
  } catch (error) {
    if (error instanceof SearchQueryError) throw searchInputError(error);
    throw error;
  }
  const rows = await deps.db.replicaRead((uow) =>
    new OrderStatsRepository(uow).groups(actor.projectId, plan),
  );
  return { plan, buckets: toBuckets(plan, rows) };
}
