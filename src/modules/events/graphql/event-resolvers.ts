import { GraphQLError } from 'graphql';
import type {
  EventType as GraphQLEventType,
  OrderStatus,
  PaymentMethod,
  Resolvers,
  TransactionStatus,
  WebhookErrorKind,
} from '../../../generated/graphql.ts';
import { DomainError } from '../../../platform/errors/domain-error.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import type { EventType } from '../../orders/index.ts';
import { getEvent } from '../commands/get-event.ts';
import { DEFAULT_EVENTS_PAGE, listEvents } from '../commands/list-events.ts';
import { encodeCursor } from '../cursor.ts';
import type { EventRecord } from '../event-record.ts';
import { enumOfEventType, eventTypeOfEnum } from '../event-type-names.ts';

const text = (event: EventRecord, key: string): string | null => {
  const value = event.data[key];
  return typeof value === 'string' ? value : null;
};
const number = (event: EventRecord, key: string): number | null => {
  const value = event.data[key];
  return typeof value === 'number' ? value : null;
};
const enumOf = <T extends string>(event: EventRecord, key: string, type: EventType): T | null => {
  const value = event.type === type ? text(event, key) : null;
  return value ? toGraphQLEnum<T>(value) : null;
};

export const eventResolvers: Resolvers = {
  Query: {
    events: async (_parent, { first, after, last, before, filter }, { deps, actor }) => {
      if (first != null && last != null)
        throw badInput('give either first (with after) or last (with before)');
      const backward = last != null || (before != null && after == null);
      try {
        const page = await listEvents(deps, actor, {
          types: filter?.types?.map(eventTypeOfEnum),
          orderId: filter?.orderId,
          occurredAfter: filter?.occurredAfter,
          direction: backward ? 'backward' : 'forward',
          position: backward ? before : after,
          positionField: backward ? 'before' : 'after',
          limit: (backward ? last : first) ?? DEFAULT_EVENTS_PAGE,
          limitField: backward ? 'last' : 'first',
        });
        const edges = page.events.map((event) => ({ cursor: encodeCursor(event.cursor), node: event }));
        return {
          edges,
          pageInfo: {
            hasNextPage: !backward && page.hasMore,
            hasPreviousPage: backward && page.hasMore,
            startCursor: edges[0]?.cursor ?? null,
            endCursor: edges.at(-1)?.cursor ?? null,
          },
        };
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'invalid_request') throw badInput(error.message);
        throw error;
      }
    },
    event: async (_parent, { id }, { deps, actor }) => {
      try {
        return await getEvent(deps, actor, id);
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'not_found') return null;
        throw error;
      }
    },
  },
  Event: {
    id: (event) => event.eventId,
    cursor: (event) => encodeCursor(event.cursor),
    type: (event) => enumOfEventType<GraphQLEventType>(event.type),
    occurred: (event) => event.occurredAt,
    orderId: (event) => event.orderId,
    snapshot: (event) => event,
  },
  EventSnapshot: {
    orderStatus: (event) =>
      enumOf<OrderStatus>(event, 'status', 'order.status_changed') ??
      enumOf<OrderStatus>(event, 'status', 'order.created'),
    fromOrderStatus: (event) => enumOf<OrderStatus>(event, 'from_status', 'order.status_changed'),
    transactionId: (event) => text(event, 'transaction_id'),
    transactionStatus: (event) => enumOf<TransactionStatus>(event, 'status', 'transaction.status_changed'),
    fromTransactionStatus: (event) =>
      enumOf<TransactionStatus>(event, 'from_status', 'transaction.status_changed'),
    paymentMethod: (event) => enumOf<PaymentMethod>(event, 'payment_method', 'transaction.status_changed'),
    amount: (event) => number(event, 'amount'),
    currency: (event) => text(event, 'currency'),
    relatedOrderId: (event) =>
      text(event, 'refund_order_id') ??
      text(event, 'capture_order_id') ??
      text(event, 'void_order_id') ??
      text(event, 'chargeback_order_id') ??
      text(event, 'reversal_order_id'),
    refundedAmount: (event) => number(event, 'refunded_amount'),
    deliveryId: (event) => text(event, 'delivery_id'),
    attemptCount: (event) => number(event, 'attempts'),
    errorKind: (event) => enumOf<WebhookErrorKind>(event, 'error_kind', 'webhook.gave_up'),
    httpStatus: (event) => number(event, 'http_status'),
  },
  Order: {
    // Set on orderStatusChanged and orderCreated payloads only (subscriptions module).
    event: (view) => ('event' in view ? (view.event as EventRecord) : null),
  },
};

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', type: 'invalid_request' } });
}
