import { z } from 'zod';
import { EVENT_TYPES, type EventType } from '../../orders/index.ts';
import { DEFAULT_EVENTS_PAGE, MAX_EVENTS_PAGE } from '../commands/list-events.ts';

const types = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).filter(Boolean))
  .pipe(
    z.array(
      z.enum(EVENT_TYPES, {
        error: `must be one or more of ${EVENT_TYPES.join(', ')} (repeated or comma-separated)`,
      }),
    ),
  );

/** `GET /v1/events/` query: `limit`, `after`, `type`, `order_id`, `occurred_after`; anything else is refused. */
export const listEventsQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_EVENTS_PAGE)
    .default(DEFAULT_EVENTS_PAGE)
    .describe(`Events per page, 1 to ${MAX_EVENTS_PAGE}; default ${DEFAULT_EVENTS_PAGE}`),
  after: z.string().min(1).max(100).optional().describe("A cursor from this feed, or an event's id"),
  type: types
    .optional()
    // Documented (OpenAPI) as what it accepts: a repeated parameter of event types.
    .meta({
      description: 'Only these event types (repeat the parameter or separate with commas)',
      override: ({ jsonSchema }) => {
        delete jsonSchema.anyOf;
        Object.assign(jsonSchema, { type: 'array', items: { type: 'string', enum: [...EVENT_TYPES] } });
      },
    }),
  order_id: z.string().max(100).optional().describe("Only this order's events"),
  occurred_after: z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value))
    .optional()
    .describe('Only events that occurred after this ISO 8601 time'),
});

export type ListEventsQuery = { types?: EventType[] } & Omit<z.output<typeof listEventsQuerySchema>, 'type'>;
