import DataLoader from 'dataloader';
import type {
  OrderStatus,
  Resolvers,
  WebhookDelivery,
  WebhookDeliveryReason,
  WebhookDeliveryState,
  WebhookErrorKind,
} from '../../../generated/graphql.ts';
import type { GraphQLContext } from '../../../platform/graphql/context.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { getProject } from '../../projects/commands/get-project.ts';
import { disableWebhookSigning } from '../commands/disable-webhook-signing.ts';
import { enableWebhookSigning } from '../commands/enable-webhook-signing.ts';
import { isWebhookSigningEnabled } from '../commands/get-webhook-signing.ts';
import { listWebhookDeliveries } from '../commands/list-webhook-deliveries.ts';
import { redeliverWebhook } from '../commands/redeliver-webhook.ts';
import type { DeliveryWithAttempts } from '../webhook-delivery.repository.ts';

/** The delivery log as GraphQL shows it. */
export function presentDelivery({ delivery, attempts }: DeliveryWithAttempts): WebhookDelivery {
  return {
    id: delivery.id,
    orderId: delivery.orderId,
    reason: toGraphQLEnum<WebhookDeliveryReason>(delivery.reason),
    orderStatus: toGraphQLEnum<OrderStatus>(delivery.orderStatus),
    state: toGraphQLEnum<WebhookDeliveryState>(delivery.state),
    attemptCount: delivery.attemptCount,
    maxAttempts: delivery.maxAttempts,
    created: delivery.createdAt,
    lastAttempt: delivery.lastAttemptAt ?? null,
    nextAttempt: delivery.state === 'pending' ? (delivery.nextAttemptAt ?? null) : null,
    completed: delivery.completedAt ?? null,
    attempts: attempts.map((attempt) => ({
      number: attempt.attemptNumber,
      started: attempt.startedAt,
      url: attempt.url ?? null,
      httpStatus: attempt.httpStatus ?? null,
      errorKind: attempt.errorKind ? toGraphQLEnum<WebhookErrorKind>(attempt.errorKind) : null,
      errorMessage: attempt.errorMessage ?? null,
      durationMs: attempt.durationMs,
      responseExcerpt: attempt.responseExcerpt ?? null,
      signed: attempt.signed,
    })),
  };
}

/** One query for the delivery logs of every order in a response. */
function deliveriesLoader(ctx: GraphQLContext): DataLoader<string, DeliveryWithAttempts[]> {
  const key = 'webhooks.deliveriesByOrder';
  let loader = ctx.loaders.get(key) as DataLoader<string, DeliveryWithAttempts[]> | undefined;
  if (!loader) {
    // Batching only, no cache: a subscription reuses its context for every event it yields.
    loader = new DataLoader(
      async (orderIds: readonly string[]) => {
        const byOrder = await listWebhookDeliveries(ctx.deps, [...orderIds]);
        return orderIds.map((id) => byOrder.get(id) ?? []);
      },
      { cache: false },
    );
    ctx.loaders.set(key, loader);
  }
  return loader;
}

export const webhookResolvers: Resolvers = {
  Order: {
    webhookDeliveries: async ({ order }, _args, ctx) =>
      (await deliveriesLoader(ctx).load(order.id)).map(presentDelivery),
  },
  Project: {
    webhookSigningEnabled: (project, _args, { deps }) => isWebhookSigningEnabled(deps, project.id),
  },
  Mutation: {
    redeliverWebhook: (_parent, { orderId }, { deps, actor }) =>
      mutationPayload(
        async () => ({
          delivery: presentDelivery(await redeliverWebhook(deps, actor, orderId)),
        }),
        { delivery: null },
      ),
    enableWebhookSigning: (_parent, _args, { deps, actor }) =>
      mutationPayload(
        async () => {
          const { secret } = await enableWebhookSigning(deps, actor.projectId);
          return { secret, project: await getProject(deps, actor.projectId) };
        },
        { secret: null, project: null },
      ),
    disableWebhookSigning: (_parent, _args, { deps, actor }) =>
      mutationPayload(
        async () => {
          await disableWebhookSigning(deps, actor.projectId);
          return { project: await getProject(deps, actor.projectId) };
        },
        { project: null },
      ),
  },
};
