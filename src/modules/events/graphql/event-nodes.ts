import type { NodeType } from '../../../platform/graphql/node.ts';
import { getEvents } from '../commands/get-events.ts';

/** `node(id:)` for events (by the event's id, as `event(id:)`): one statement for every id asked. */
export const eventNode: NodeType = {
  typename: 'Event',
  async load({ deps, actor }, ids) {
    return new Map((await getEvents(deps, actor, ids)).map((event) => [event.eventId, event]));
  },
};
