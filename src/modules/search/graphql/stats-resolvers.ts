import { GraphQLError } from 'graphql';
import type { OrderStatsGroupBy, OrderStatus, PaymentMethod, Resolvers } from '../../../generated/graphql.ts';
import { DomainError } from '../../../platform/errors/domain-error.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { toGraphQLFieldPath } from '../../../platform/graphql/user-errors.ts';
import { orderStats } from '../commands/order-stats.ts';
import type { StatsDimension } from '../stats-plan.ts';

/** `orderStats`: the same command a REST face could call; dimensions and values renamed to GraphQL's. */
export const statsResolvers: Resolvers = {
  Query: {
    orderStats: async (_parent, args, { deps, actor }) => {
      try {
        const { plan, buckets } = await orderStats(deps, actor, {
          query: args.query,
          from: args.from,
          to: args.to,
          groupBy: args.groupBy?.map((dimension) => dimension.toLowerCase() as StatsDimension),
          timeZone: args.timeZone,
        });
        return {
          from: plan.from,
          to: plan.to,
          timeZone: plan.timeZone,
          groupBy: plan.groupBy.map((dimension) => dimension.toUpperCase() as OrderStatsGroupBy),
          buckets: buckets.map((bucket) => ({
            periodStart: bucket.period,
            status: bucket.status ? toGraphQLEnum<OrderStatus>(bucket.status) : null,
            currency: bucket.currency,
            paymentMethod: bucket.paymentMethod ? toGraphQLEnum<PaymentMethod>(bucket.paymentMethod) : null,
            orderCount: bucket.orderCount,
            amounts: bucket.amounts,
            refundedAmounts: bucket.refundedAmounts,
            completedCount: bucket.completedCount,
            finalCount: bucket.finalCount,
            conversion: bucket.conversion,
          })),
        };
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'invalid_request') {
          const field = toGraphQLFieldPath(error.field);
          throw new GraphQLError(error.message, {
            extensions: { code: 'BAD_USER_INPUT', type: error.code, ...(field ? { field } : {}) },
          });
        }
        throw error;
      }
    },
  },
};
