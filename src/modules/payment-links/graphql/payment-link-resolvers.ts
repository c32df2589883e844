import type {
  CreatePaymentLinkInput,
  PaymentLinkInactiveReason,
  PaymentLinkStatus,
  PaymentMethod,
  Resolvers,
} from '../../../generated/graphql.ts';
import { forwardConnection } from '../../../platform/graphql/connection.ts';
import { fromGraphQLEnum, toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { withoutNulls } from '../../../platform/graphql/input.ts';
import type { NodeType } from '../../../platform/graphql/node.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { createPaymentLink } from '../commands/create-payment-link.ts';
import { deactivatePaymentLink } from '../commands/deactivate-payment-link.ts';
import { listPaymentLinks, paymentLinkCursor } from '../commands/list-payment-links.ts';
import { paymentLinkStatusOf } from '../link-status.ts';
import type { PaymentLinkInput } from '../payment-link-input.ts';
import { paymentLinkUrl } from '../payment-link-json.ts';
import { paymentLinkLoader } from './payment-link-loader.ts';

/** The GraphQL input in the REST shape, so both faces share one schema and one command. */
function toPaymentLinkInput(input: CreatePaymentLinkInput): PaymentLinkInput {
  return withoutNulls({
    amount: input.amount,
    currency: input.currency,
    description: input.description,
    merchant_order_id: input.merchantOrderId,
    expires: input.expires?.toISOString(),
    single_use: input.singleUse,
    return_url: input.returnUrl,
    failure_url: input.failureUrl,
    payment_methods: input.paymentMethods?.map(fromGraphQLEnum),
  }) as PaymentLinkInput;
}

/** `not_found` of a link names the mutation's `id` argument. */
const LINK_ID_FIELD = { fieldNames: { payment_link_id: 'id' } };

export const paymentLinkResolvers: Resolvers = {
  Query: {
    paymentLink: (_parent, { id }, context) => paymentLinkLoader(context).load(id),
    paymentLinks: async (_parent, { first, after }, { deps, actor }) => {
      const page = await listPaymentLinks(deps, actor, { first, after });
      const edges = page.links.map((view) => ({ cursor: paymentLinkCursor(view.link), node: view }));
      return forwardConnection(edges, page.hasNextPage);
    },
  },
  Mutation: {
    createPaymentLink: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => ({ paymentLink: await createPaymentLink(deps, actor, toPaymentLinkInput(input)) }),
        { paymentLink: null },
      ),
    deactivatePaymentLink: (_parent, { id }, { deps, actor }) =>
      mutationPayload(
        async () => ({ paymentLink: await deactivatePaymentLink(deps, actor, id) }),
        { paymentLink: null },
        LINK_ID_FIELD,
      ),
  },
  PaymentLink: {
    id: ({ link }) => link.id,
    projectId: ({ link }) => link.projectId,
    url: ({ link }, _args, { deps }) => paymentLinkUrl(deps.config.baseUrl, link.id),
    status: (view, _args, { deps }) =>
      toGraphQLEnum<PaymentLinkStatus>(paymentLinkStatusOf(view.link, view.paid, deps.now()).status),
    inactiveReason: (view, _args, { deps }) => {
      const { reason } = paymentLinkStatusOf(view.link, view.paid, deps.now());
      return reason ? toGraphQLEnum<PaymentLinkInactiveReason>(reason) : null;
    },
    amount: ({ link }) => link.amount,
    currency: ({ link }) => link.currency,
    description: ({ link }) => link.description ?? null,
    merchantOrderId: ({ link }) => link.merchantOrderId ?? null,
    expires: ({ link }) => link.expiresAt ?? null,
    singleUse: ({ link }) => link.singleUse,
    returnUrl: ({ link }) => link.returnUrl ?? null,
    failureUrl: ({ link }) => link.failureUrl ?? null,
    paymentMethods: ({ link }) => link.paymentMethods?.map((m) => toGraphQLEnum<PaymentMethod>(m)) ?? null,
    orderIds: ({ orderIds }) => orderIds,
    created: ({ link }) => link.createdAt,
    modified: ({ link }) => link.modifiedAt,
    deactivated: ({ link }) => link.deactivatedAt ?? null,
  },
  Order: {
    paymentLinkId: ({ order }) => order.paymentLinkId ?? null,
    paymentLink: ({ order }, _args, context) =>
      order.paymentLinkId ? paymentLinkLoader(context).load(order.paymentLinkId) : null,
  },
};

/** `node(id:)` for payment links: the request's link loader (one statement). */
export const paymentLinkNode: NodeType = {
  typename: 'PaymentLink',
  async load(context, ids) {
    const views = await paymentLinkLoader(context).loadMany(ids);
    return new Map(views.flatMap((view) => (view && !(view instanceof Error) ? [[view.link.id, view]] : [])));
  },
};
