import type { NodeType } from '../../../platform/graphql/node.ts';
import { selectsPath } from '../../../platform/graphql/selection.ts';
import { getTransactions } from '../commands/get-transactions.ts';
import { orderViewLoader, viewPartsSelected } from './order-loaders.ts';

/** `node(id:)` for orders: the request's order loader (one statement), reading only the selected parts. */
export const orderNode: NodeType = {
  typename: 'Order',
  async load(context, ids, info) {
    const views = await orderViewLoader(context, viewPartsSelected(info)).loadMany(ids);
    return new Map(
      views.flatMap((view) => (view && !(view instanceof Error) ? [[view.order.id, view]] : [])),
    );
  },
};

/** `node(id:)` for transactions: one statement, events only when selected. */
export const transactionNode: NodeType = {
  typename: 'Transaction',
  async load(context, ids, info) {
    const views = await getTransactions(context.deps, context.actor, ids, {
      events: selectsPath(info, ['events']),
    });
    return new Map(views.map((view) => [view.transaction.id, view]));
  },
};
