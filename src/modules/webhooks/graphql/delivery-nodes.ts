import type { NodeType } from '../../../platform/graphql/node.ts';
import { getDeliveries } from '../commands/get-deliveries.ts';
import { presentDelivery } from './webhook-resolvers.ts';

/** `node(id:)` for webhook deliveries, with their attempts: one statement for every id asked. */
export const deliveryNode: NodeType = {
  typename: 'WebhookDelivery',
  async load({ deps, actor }, ids) {
    const deliveries = await getDeliveries(deps, actor, ids);
    return new Map(deliveries.map((entry) => [entry.delivery.id, presentDelivery(entry)]));
  },
};
