import type { FastifyInstance } from 'fastify';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { requireActor } from '../../../platform/http/authentication.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { getEvent } from '../commands/get-event.ts';
import { listEvents } from '../commands/list-events.ts';
import { encodeCursor } from '../cursor.ts';
import { getEventContract, listEventsContract } from './event-contracts.ts';
import { presentEvent } from './event-json.ts';
import { listEventsQuerySchema } from './event-query.ts';

/**
 * The events feed over REST (beyond the spec): `GET /v1/events/` answers `{"events": [...], "next": cursor or
 * null}`, oldest first; `next` is set when more events follow right now. `GET /v1/events/{id}/`.
 */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  route(app, listEventsContract, async (request) => {
    const actor = await requireActor(request);
    const query = parseOrThrow(listEventsQuerySchema, request.query ?? {});
    const page = await listEvents(request.deps, actor, {
      types: query.type,
      orderId: query.order_id,
      occurredAfter: query.occurred_after,
      direction: 'forward',
      position: query.after,
      positionField: 'after',
      limit: query.limit,
      limitField: 'limit',
    });
    const last = page.events.at(-1);
    return {
      events: page.events.map(presentEvent),
      next: page.hasMore && last ? encodeCursor(last.cursor) : null,
    };
  });

  route(app, getEventContract, async (request) => {
    const actor = await requireActor(request);
    return presentEvent(await getEvent(request.deps, actor, request.params.eventId));
  });
}
