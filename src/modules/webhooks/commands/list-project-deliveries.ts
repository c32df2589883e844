import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { listCursors } from '../../../platform/paging/list-cursor.ts';
import { isUuid } from '../../orders/index.ts';
import {
  DeliveryLogRepository,
  type DeliveryPosition,
  type DeliveryStatus,
} from '../delivery-log.repository.ts';
import type { DeliveryWithAttempts } from '../webhook-delivery.repository.ts';

export const MAX_DELIVERIES_PAGE = 100;

export interface DeliveryFilterInput {
  status?: DeliveryStatus | null;
  orderId?: string | null;
  since?: Date | null;
}

const cursors = listCursors('webhook-delivery');

/** A page position as clients see it: opaque. */
export function encodeDeliveryCursor(delivery: DeliveryPosition): string {
  return cursors.encode({ at: delivery.createdAt, id: delivery.id });
}

function decodeDeliveryCursor(text: string): DeliveryPosition | null {
  const position = cursors.decode(text);
  return position && { createdAt: position.at, id: position.id };
}

export function checkDeliveryFilter(filter: DeliveryFilterInput): void {
  if (filter.orderId != null && !isUuid(filter.orderId)) throw invalid('filter.orderId', 'must be a uuid');
}

/** A page of the caller's project's delivery log, newest first, every delivery with its attempts. */
export async function listProjectDeliveries(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  input: { first: number; after?: string | null; filter: DeliveryFilterInput },
): Promise<{ deliveries: DeliveryWithAttempts[]; hasMore: boolean }> {
  if (!Number.isInteger(input.first) || input.first < 1 || input.first > MAX_DELIVERIES_PAGE) {
    throw invalid('first', `must be an integer from 1 to ${MAX_DELIVERIES_PAGE}`);
  }
  checkDeliveryFilter(input.filter);
  const after = input.after ? decodeDeliveryCursor(input.after) : null;
  if (input.after && !after) throw invalid('after', 'must be a cursor of this connection');
  const rows = await deps.db.read((uow) =>
    new DeliveryLogRepository(uow).page(
      { projectId: actor.projectId, ...input.filter },
      after,
      input.first + 1,
    ),
  );
  return { deliveries: rows.slice(0, input.first), hasMore: rows.length > input.first };
}
