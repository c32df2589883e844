import DataLoader from 'dataloader';
import type { OrderStatus, Resolvers, ResolversTypes } from '../../../generated/graphql.ts';
import type { GraphQLContext } from '../../../platform/graphql/context.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import type { NodeType } from '../../../platform/graphql/node.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import type { OrderView } from '../../orders/index.ts';
import { getOrders, orderLinesFromGraphQL } from '../../orders/index.ts';
import { createRefund } from '../commands/create-refund.ts';
import { listRefundsOfOrders } from '../commands/list-refunds.ts';

type RefundGraph = ResolversTypes['Refund'];

/** A refund order as the `Refund` type; its transactions resolve through the orders module's Transaction. */
export function toRefund({ order, transactions }: OrderView): RefundGraph {
  return {
    id: order.id,
    refundOfOrderId: order.relatedOrderId!,
    merchantOrderId: order.merchantOrderId ?? null,
    description: order.description ?? null,
    currency: order.currency,
    amount: order.amount,
    status: toGraphQLEnum<OrderStatus>(order.status),
    flags: order.flags,
    created: order.createdAt,
    modified: order.modifiedAt,
    completed: order.completedAt ?? null,
    extra: order.extra ?? null,
    transactions,
  };
}

/** Loads the refunds of every order in one GraphQL response with one round of queries. */
function refundsLoader(context: GraphQLContext): DataLoader<string, OrderView[]> {
  const existing = context.loaders.get('back-office.refunds');
  if (existing) return existing as DataLoader<string, OrderView[]>;
  const loader = new DataLoader<string, OrderView[]>((orderIds) =>
    listRefundsOfOrders(context.deps, orderIds),
  );
  context.loaders.set('back-office.refunds', loader);
  return loader;
}

/**
 * A gateway's references to refunds (`Refund` is a Federation entity, `@key(fields: "id")`): the caller's refund
 * orders among the ids, read in one statement; other orders and other projects' refunds are not found.
 */
export const refundEntity: NodeType = {
  typename: 'Refund',
  async load(context, ids) {
    const views = await getOrders(context.deps, context.actor, ids);
    return new Map(
      views.filter((view) => view.order.kind === 'refund').map((view) => [view.order.id, toRefund(view)]),
    );
  },
};

export const refundResolvers: Resolvers = {
  Mutation: {
    refundOrder: (_parent, args, { deps, actor }) =>
      mutationPayload(
        async () => {
          const result = await createRefund(deps, actor, args.orderId, {
            amount: args.amount,
            description: args.description ?? undefined,
            merchant_order_id: args.merchantOrderId ?? undefined,
            extra: args.extra ?? undefined,
            transaction_id: args.transactionId ?? undefined,
            order_lines: args.orderLines ? orderLinesFromGraphQL(args.orderLines) : undefined,
          });
          return { refund: toRefund(result.refund), order: result.order };
        },
        { refund: null, order: null },
      ),
  },
  Order: {
    refunds: async ({ order }, _args, context) => {
      if (order.kind !== 'payment') return [];
      return (await refundsLoader(context).load(order.id)).map(toRefund);
    },
  },
};
