import { GraphQLError } from 'graphql';
import type { Resolvers, TransactionStatus } from '../../../generated/graphql.ts';
import type { Deps } from '../../../platform/deps.ts';
import type { GraphQLContext, LiveFeed } from '../../../platform/graphql/context.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { getOrder } from '../../orders/commands/get-order.ts';
import type { OutboxNotification } from '../outbox-feed.ts';

type SubscriptionContext = GraphQLContext<Deps, OutboxNotification>;

function liveFeed(ctx: SubscriptionContext): LiveFeed<OutboxNotification> {
  if (!ctx.live) {
    throw new GraphQLError('Subscriptions are served over WebSocket (graphql-ws) on this same path', {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  return ctx.live;
}

/** The event being resolved; over HTTP (Apollo runs a subscription like a query) there is none. */
function eventOf(event: OutboxNotification | undefined, ctx: SubscriptionContext): OutboxNotification {
  liveFeed(ctx);
  if (!event) throw new GraphQLError('No subscription event', { extensions: { code: 'BAD_REQUEST' } });
  return event;
}

/** The caller's project's changes of one topic, of one order or (without `orderId`) of all. */
function changesOf(ctx: SubscriptionContext, topic: OutboxNotification['topic'], orderId?: string | null) {
  const { projectId } = ctx.actor;
  return liveFeed(ctx).subscribe(
    (event) =>
      event.topic === topic && event.projectId === projectId && (!orderId || event.orderId === orderId),
  );
}

/**
 * Subscriptions read the outbox feed and only ever pass on the caller's own project's changes; another
 * project's order id simply never matches. Each event is answered with the order as it is now.
 */
export const subscriptionResolvers: Resolvers = {
  Subscription: {
    orderStatusChanged: {
      subscribe: (_parent, { orderId }, ctx) => changesOf(ctx, 'order_status_changed', orderId),
      resolve: (event: OutboxNotification | undefined, _args: unknown, ctx: SubscriptionContext) =>
        getOrder(ctx.deps, ctx.actor, eventOf(event, ctx).orderId),
    },
    transactionEvents: {
      subscribe: (_parent, { orderId }, ctx) => changesOf(ctx, 'transaction_status_changed', orderId),
      resolve: async (payload: OutboxNotification | undefined, _args: unknown, ctx: SubscriptionContext) => {
        const event = eventOf(payload, ctx);
        const view = await getOrder(ctx.deps, ctx.actor, event.orderId);
        const transaction = view.transactions.find((t) => t.transaction.id === event.transactionId);
        if (!transaction)
          throw new GraphQLError('Transaction not found', { extensions: { code: 'NOT_FOUND' } });
        return {
          orderId: event.orderId,
          transaction,
          fromStatus: event.fromStatus ? toGraphQLEnum<TransactionStatus>(event.fromStatus) : null,
          status: toGraphQLEnum<TransactionStatus>(event.toStatus),
          occurred: event.createdAt,
        };
      },
    },
  },
};
