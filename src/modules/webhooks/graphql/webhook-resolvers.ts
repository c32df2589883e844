import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import type {
  OrderStatus,
  Resolvers,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookDeliveryFilter,
  WebhookDeliveryReason,
  WebhookDeliveryState,
  WebhookDeliveryStatus,
  WebhookErrorKind,
} from '../../../generated/graphql.ts';
import { DomainError } from '../../../platform/errors/domain-error.ts';
import { forwardConnection } from '../../../platform/graphql/connection.ts';
import type { GraphQLContext } from '../../../platform/graphql/context.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { getProject } from '../../projects/index.ts';
import { disableWebhookSigning } from '../commands/disable-webhook-signing.ts';
import { enableWebhookSigning } from '../commands/enable-webhook-signing.ts';
import { getWebhookHealth } from '../commands/get-webhook-health.ts';
import { isWebhookSigningEnabled } from '../commands/get-webhook-signing.ts';
import {
  type DeliveryFilterInput,
  encodeDeliveryCursor,
  listProjectDeliveries,
} from '../commands/list-project-deliveries.ts';
import { listWebhookDeliveries } from '../commands/list-webhook-deliveries.ts';
import { redeliverWebhook } from '../commands/redeliver-webhook.ts';
import { redeliverWebhooks } from '../commands/redeliver-webhooks.ts';
import { rotateWebhookSigningSecret } from '../commands/rotate-webhook-signing.ts';
import { sendTestWebhook, type TestWebhookResult } from '../commands/send-test-webhook.ts';
import { type DeliveryStatus, statusOf } from '../delivery-log.repository.ts';
import type { DeliveryWithAttempts } from '../webhook-delivery.repository.ts';

/** The delivery log as GraphQL shows it. */
export function presentDelivery({ delivery, attempts }: DeliveryWithAttempts): WebhookDelivery {
  return {
    id: delivery.id,
    orderId: delivery.orderId,
    reason: toGraphQLEnum<WebhookDeliveryReason>(delivery.reason),
    orderStatus: toGraphQLEnum<OrderStatus>(delivery.orderStatus),
    state: toGraphQLEnum<WebhookDeliveryState>(delivery.state),
    status: toGraphQLEnum<WebhookDeliveryStatus>(statusOf(delivery)),
    eventId: delivery.eventId,
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

function presentTestAttempt(result: TestWebhookResult): WebhookDeliveryAttempt {
  return {
    number: 1,
    started: result.startedAt,
    url: result.url,
    httpStatus: result.httpStatus,
    errorKind: result.errorKind ? toGraphQLEnum<WebhookErrorKind>(result.errorKind) : null,
    errorMessage: result.errorMessage,
    durationMs: result.durationMs,
    responseExcerpt: result.responseExcerpt,
    signed: result.signed,
  };
}

function filterOf(filter: WebhookDeliveryFilter | null | undefined): DeliveryFilterInput {
  return {
    status: filter?.state ? (filter.state.toLowerCase() as DeliveryStatus) : null,
    orderId: filter?.orderId ?? null,
    since: filter?.since ?? null,
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
  Query: {
    webhookDeliveries: async (_parent, { first, after, filter }, { deps, actor }) => {
      try {
        const page = await listProjectDeliveries(deps, actor, {
          first: first ?? 20,
          after,
          filter: filterOf(filter),
        });
        const edges = page.deliveries.map((entry) => ({
          cursor: encodeDeliveryCursor(entry.delivery),
          node: presentDelivery(entry),
        }));
        return forwardConnection(edges, page.hasMore);
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'invalid_request') {
          throw new GraphQLError(error.message, { extensions: { code: 'BAD_USER_INPUT', type: error.code } });
        }
        throw error;
      }
    },
  },
  Order: {
    webhookDeliveries: async ({ order }, _args, ctx) =>
      (await deliveriesLoader(ctx).load(order.id)).map(presentDelivery),
  },
  Project: {
    webhookSigningEnabled: (project, _args, { deps }) => isWebhookSigningEnabled(deps, project.id),
    webhookHealth: (project, _args, { deps }) => getWebhookHealth(deps, project.id),
  },
  Mutation: {
    redeliverWebhook: (_parent, { orderId }, { deps, actor }) =>
      mutationPayload(
        async () => ({
          delivery: presentDelivery(await redeliverWebhook(deps, actor, orderId)),
        }),
        { delivery: null },
      ),
    redeliverWebhooks: (_parent, { filter }, { deps, actor }) =>
      mutationPayload(
        () => redeliverWebhooks(deps, actor, filterOf(filter)),
        { queued: null, selected: null },
        {
          fieldNames: { 'filter.orderId': 'filter.orderId' },
        },
      ),
    sendTestWebhook: (_parent, { url }, { deps, actor }) =>
      mutationPayload(
        async () => ({ attempt: presentTestAttempt(await sendTestWebhook(deps, actor, url)) }),
        {
          attempt: null,
        },
      ),
    rotateWebhookSigningSecret: (_parent, { overlap }, { deps, actor }) =>
      mutationPayload(
        async () => ({
          ...(await rotateWebhookSigningSecret(deps, actor.projectId, overlap)),
          project: await getProject(deps, actor.projectId),
        }),
        { secret: null, previousSecretExpires: null, project: null },
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
