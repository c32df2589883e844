import DataLoader from 'dataloader';
import type { OrderAction as GraphQLOrderAction, Resolvers } from '../../../generated/graphql.ts';
import type { GraphQLContext } from '../../../platform/graphql/context.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { isUuid } from '../../orders/index.ts';
import { getOrderActionFacts } from '../commands/get-order-actions.ts';
import type { BackOfficeDeps } from '../deps.ts';
import {
  capturableAmountOf,
  type OrderActionFacts,
  orderActions,
  orderAmounts,
  refundableAmountOf,
  transactionActions,
} from '../order-actions.ts';

/** The request's loader of order facts: every order of one response is judged from one round of reads. */
function factsLoader(context: GraphQLContext): DataLoader<string, OrderActionFacts | null> {
  const existing = context.loaders.get('back-office.action-facts');
  if (existing) return existing as DataLoader<string, OrderActionFacts | null>;
  const loader = new DataLoader<string, OrderActionFacts | null>(async (ids) => {
    const facts = await getOrderActionFacts(
      context.deps as BackOfficeDeps,
      context.actor,
      ids.filter(isUuid),
    );
    return ids.map((id) => facts.get(id) ?? null);
  });
  context.loaders.set('back-office.action-facts', loader);
  return loader;
}

const actionsOf = (actions: readonly string[]) => actions.map((a) => toGraphQLEnum<GraphQLOrderAction>(a));

const amount =
  (field: keyof ReturnType<typeof orderAmounts>) =>
  async ({ order }: { order: { id: string } }, _args: unknown, context: GraphQLContext) => {
    const facts = await factsLoader(context).load(order.id);
    return facts ? orderAmounts(facts)[field] : 0;
  };

async function transactionFacts(transaction: { id: string; orderId: string }, context: GraphQLContext) {
  const facts = await factsLoader(context).load(transaction.orderId);
  const own = facts?.transactions.find((t) => t.id === transaction.id);
  return facts && own ? { facts, own } : null;
}

/** `availableActions` and the amounts of orders and transactions, from the rules of order-actions.ts. */
export const orderActionResolvers: Resolvers = {
  Order: {
    availableActions: async ({ order }, _args, context) => {
      const facts = await factsLoader(context).load(order.id);
      return facts ? actionsOf(orderActions(facts)) : [];
    },
    authorizedAmount: amount('authorizedAmount'),
    capturedAmount: amount('capturedAmount'),
    refundableAmount: amount('refundableAmount'),
    pendingRefundAmount: amount('pendingRefundAmount'),
    voidedAmount: amount('voidedAmount'),
    chargedBackAmount: amount('chargedBackAmount'),
  },
  Transaction: {
    availableActions: async ({ transaction }, _args, context) => {
      const found = await transactionFacts(transaction, context);
      return found ? actionsOf(transactionActions(found.facts, found.own)) : [];
    },
    refundableAmount: async ({ transaction }, _args, context) => {
      const found = await transactionFacts(transaction, context);
      return found ? refundableAmountOf(found.facts, found.own) : 0;
    },
    capturableAmount: async ({ transaction }, _args, context) => {
      const found = await transactionFacts(transaction, context);
      return found ? (capturableAmountOf(found.facts, found.own) ?? 0) : 0;
    },
  },
};
