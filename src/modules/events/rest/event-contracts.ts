import { z } from 'zod';
import { commonErrorEntries } from '../../../platform/errors/error-table.ts';
import { defineContract } from '../../../platform/http/route-contract.ts';
import { EVENT_TYPES, EXAMPLE_IDS } from '../../orders/index.ts';
import { listEventsQuerySchema } from './event-query.ts';

/** The events feed over REST (beyond the spec); registered by event-routes.ts. */

const TAGS = ['Events'];

/** An event on REST (event-json.ts). */
export const eventJsonSchema = z
  .strictObject({
    id: z.uuid().meta({ description: "The event's id: `after` also takes it." }),
    type: z.enum(EVENT_TYPES).meta({ description: 'What happened.' }),
    occurred: z.iso.datetime().meta({ description: 'When it happened (UTC, milliseconds).' }),
    order_id: z.uuid().meta({ description: 'The order it happened to.' }),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).meta({
      description:
        'The snapshot at that moment, flat and by type: `order.created` has `status`, `amount`, `currency`, ' +
        '`kind`, `checkout`; `order.status_changed` has `status`, `from_status`, ' +
        '`amount`, `currency`, `kind`; `transaction.status_changed` has `transaction_id`, `status`, ' +
        '`from_status`, `amount`, `currency`, `payment_method`; `order.refunded` has `refund_order_id`, `amount`, ' +
        '`currency`, `refunded_amount`; `order.captured` and `order.voided` the follow-up order, `amount` and ' +
        '`currency`; `webhook.gave_up` has `delivery_id`, `attempts`, `error_kind`, `http_status`. Amounts in ' +
        'minor units.',
    }),
    cursor: z.string().meta({ description: 'Its position in the feed, for `after`: opaque.' }),
  })
  .meta({
    id: 'Event',
    description: 'One event of the feed: a new order, a status change, refund, capture, void or give-up.',
  });

const exampleEvent = {
  id: EXAMPLE_IDS.event,
  type: 'order.status_changed',
  occurred: '2026-11-22T10:15:02.117Z',
  order_id: EXAMPLE_IDS.order,
  data: { status: 'completed', from_status: 'new', amount: 1500, currency: 'EUR', kind: 'payment' },
  cursor: 'NzU0OjEy',
};

const notFound = commonErrorEntries.not_found(
  'No such event in your project (or it is past the retention period)',
  'Event not found',
);

export const listEventsContract = defineContract({
  method: 'GET',
  path: '/v1/events/',
  operationId: 'listEvents',
  summary: 'List events',
  description:
    "The project's events, oldest first, in one order that is the same for every reader. Keep the last `next` " +
    '(or `cursor`) and ask again with `after` for what happened since: no event is ever skipped. Events are kept ' +
    '`EVENTS_RETENTION_DAYS` (30 by default).',
  tags: TAGS,
  auth: 'api_key',
  query: listEventsQuerySchema,
  success: {
    status: 200,
    description: 'A page of events.',
    schema: z
      .strictObject({
        events: z.array(eventJsonSchema).meta({ description: 'Oldest first.' }),
        next: z.string().nullable().meta({
          description: 'Set when more events follow right now: the `after` of the next page.',
        }),
      })
      .meta({ id: 'EventPage' }),
    examples: { page: { value: { events: [exampleEvent], next: null } } },
  },
  errors: [
    commonErrorEntries.invalid_request(
      'An unknown parameter, a `limit` out of range, an unknown `type`, or an `after` that is neither a cursor nor an event of this project',
      "after: must be a cursor from this feed or an event's id",
    ),
  ],
});

export const getEventContract = defineContract({
  method: 'GET',
  path: '/v1/events/:eventId/',
  operationId: 'getEvent',
  summary: 'Retrieve an event',
  tags: TAGS,
  auth: 'api_key',
  params: z.object({ eventId: z.uuid().meta({ description: "The event's id." }) }),
  success: {
    status: 200,
    description: 'The event.',
    schema: eventJsonSchema,
    examples: { statusChanged: { value: exampleEvent } },
  },
  errors: [notFound],
});
