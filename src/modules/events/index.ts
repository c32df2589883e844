/**
 * The events module's front door: what other modules may use of it. `npm run boundaries` refuses any other
 * import across modules; the module's own files never import it.
 */
export type { EventFeed, LiveEvent } from './event-feed.ts';
export type { EventFilter } from './event-record.ts';
export { eventTypeOfEnum } from './event-type-names.ts';
