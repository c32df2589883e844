import { GraphQLError } from 'graphql';
import type { Resolvers, TransactionStatus } from '../../../generated/graphql.ts';
import type { Deps } from '../../../platform/deps.ts';
import type { GraphQLContext } from '../../../platform/graphql/context.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import type { EventFeed, EventFilter, LiveEvent } from '../../events/index.ts';
import { eventTypeOfEnum } from '../../events/index.ts';
import { isUuid } from '../../orders/index.ts';
import { currentOrderOf } from '../current-orders.ts';

type SubscriptionContext = GraphQLContext<Deps, EventFeed>;

/** Close code for a subscriber that fell more than SUBSCRIPTION_MAX_BEHIND events behind (README). */
export const SLOW_SUBSCRIBER_CLOSE_CODE = 4008;

function feedOf(ctx: SubscriptionContext): EventFeed {
  if (!ctx.live) {
    throw new GraphQLError('Subscriptions are served over WebSocket (graphql-ws) on this same path', {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  return ctx.live;
}

/** The event being resolved; over HTTP (Apollo runs a subscription like a query) there is none. */
function eventOf(event: LiveEvent | undefined, ctx: SubscriptionContext): LiveEvent {
  feedOf(ctx);
  if (!event) throw new GraphQLError('No subscription event', { extensions: { code: 'BAD_REQUEST' } });
  return event;
}

/** The caller's project's events the filter keeps: replayed after `afterEvent` first, then live. */
function eventsOf(
  ctx: SubscriptionContext,
  filter: Omit<EventFilter, 'projectId'>,
  afterEvent: string | null | undefined,
  payloadReadsOrder = false,
): AsyncIterableIterator<LiveEvent> {
  const feed = feedOf(ctx);
  if (filter.orderId != null && !isUuid(filter.orderId)) {
    throw new GraphQLError('orderId must be a uuid', { extensions: { code: 'BAD_USER_INPUT' } });
  }
  const maxBehind = ctx.deps.config.events.subscriptionMaxBehind;
  return feed.subscribe({
    filter: { ...filter, orderId: filter.orderId?.toLowerCase(), projectId: ctx.actor.projectId },
    after: afterEvent ?? null,
    afterField: 'afterEvent',
    onOverflow: () =>
      ctx.socket?.close(
        SLOW_SUBSCRIBER_CLOSE_CODE,
        `Too slow: more than ${maxBehind} events behind; resubscribe with afterEvent`,
      ),
    onPublished: payloadReadsOrder ? (event) => readOrderAhead(ctx, event) : undefined,
  });
}

/**
 * Starts the (shared, batched) read of a live event's order when the event is published, not when the first
 * subscriber gets to it: a subscriber takes its events one after another, so events published together would
 * otherwise be read one round trip after the other and written to every socket one write each. Read together,
 * they are all ready in the same turn and leave in one write per socket. Whoever awaits the read sees its error.
 */
function readOrderAhead(ctx: SubscriptionContext, event: LiveEvent): void {
  event.shared('orderReadAhead', () => currentOrderOf(ctx.deps, event).catch(() => undefined));
}

/** The order of the event as it is now, with the event: built once per event and shared by its subscribers. */
function orderPayload(event: LiveEvent, ctx: SubscriptionContext) {
  return event.shared('orderPayload', async () => {
    const view = await currentOrderOf(ctx.deps, event);
    if (!view) throw new GraphQLError('Order not found', { extensions: { code: 'NOT_FOUND' } });
    return { ...view, event: event.record };
  });
}

/**
 * Subscriptions read the events feed (events module) and only ever pass on the caller's own project's events;
 * another project's order id simply never matches. Each payload is built once per event, whatever the number
 * of subscribers: per subscriber there is only filtering and serialisation.
 */
export const subscriptionResolvers: Resolvers = {
  Subscription: {
    events: {
      subscribe: (_parent, { types, orderId, afterEvent }, ctx) =>
        eventsOf(ctx, { types: types?.map(eventTypeOfEnum), orderId }, afterEvent),
      resolve: (event: LiveEvent | undefined, _args: unknown, ctx: SubscriptionContext) =>
        eventOf(event, ctx).record,
    },
    orderStatusChanged: {
      subscribe: (_parent, { orderId, afterEvent }, ctx) =>
        eventsOf(ctx, { types: ['order.status_changed'], orderId }, afterEvent, true),
      resolve: (event: LiveEvent | undefined, _args: unknown, ctx: SubscriptionContext) =>
        orderPayload(eventOf(event, ctx), ctx),
    },
    orderCreated: {
      subscribe: (_parent, { afterEvent }, ctx) =>
        eventsOf(ctx, { types: ['order.created'] }, afterEvent, true),
      resolve: (event: LiveEvent | undefined, _args: unknown, ctx: SubscriptionContext) =>
        orderPayload(eventOf(event, ctx), ctx),
    },
    transactionEvents: {
      subscribe: (_parent, { orderId, afterEvent }, ctx) =>
        eventsOf(ctx, { types: ['transaction.status_changed'], orderId }, afterEvent, true),
      resolve: (payload: LiveEvent | undefined, _args: unknown, ctx: SubscriptionContext) => {
        const event = eventOf(payload, ctx);
        return event.shared('transactionPayload', async () => {
          const { record } = event;
          const view = await currentOrderOf(ctx.deps, event);
          const transaction = view?.transactions.find((t) => t.transaction.id === record.transactionId);
          if (!transaction)
            throw new GraphQLError('Transaction not found', { extensions: { code: 'NOT_FOUND' } });
          const from = record.data.from_status;
          return {
            orderId: record.orderId,
            transaction,
            fromStatus: typeof from === 'string' ? toGraphQLEnum<TransactionStatus>(from) : null,
            status: toGraphQLEnum<TransactionStatus>(String(record.data.status)),
            occurred: record.occurredAt,
            event: record,
          };
        });
      },
    },
  },
};
