import type {
  CreditDebit,
  OneClickType,
  OrderStatus,
  PaymentMethod,
  Resolvers,
  TransactionStatus,
} from '../../../generated/graphql.ts';
import type { GraphQLContext } from '../../../platform/graphql/context.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { createOrder } from '../commands/create-order.ts';
import { updateOrder } from '../commands/update-order.ts';
import { orderUrlOf } from '../customer-urls.ts';
import type { JsonObject, OrderKind } from '../order.entity.ts';
import { hasEvents, hasRelatedOrders, type OrderView, paymentMethodDetailsOf } from '../order-view.ts';
import { toCreateOrderInput, toUpdateOrderInput } from './order-input-mapper.ts';
import { orderViewLoader, viewPartsSelected } from './order-loaders.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : null);
const num = (value: unknown) => (typeof value === 'number' ? value : null);
const obj = (value: unknown) => (value && typeof value === 'object' ? (value as JsonObject) : null);

/** The views of the orders of `kind` created from `view`'s order, through the request's loader. */
async function relatedViews(view: OrderView, context: GraphQLContext, kind: OrderKind): Promise<OrderView[]> {
  const whole = hasRelatedOrders(view) ? view : await orderViewLoader(context).load(view.order.id);
  const ids = (whole?.relatedOrders ?? []).filter((r) => r.kind === kind).map((r) => r.id);
  const views = await orderViewLoader(context).loadMany(ids);
  return views.filter((v): v is OrderView => v !== null && !(v instanceof Error));
}

/**
 * The fields below whose values are more than the order's view: the caller's merchant's name, other orders'
 * views. An `order(id:)` that selects none of them, nor any other module's field, is answered as it was kept
 * while the order stays at its version (kept-order-results.ts): a field added below that reads anything else
 * (the caller, the clock, another table) belongs here.
 */
export const BEYOND_THE_VIEW: ReadonlySet<string> = new Set([
  'Order.merchantName',
  'Order.chargebacks',
  'Order.reversals',
]);

/** Types of plain values the resolvers below build from the view (their fields are graphql-js's defaults). */
export const VIEW_VALUE_TYPES: ReadonlySet<string> = new Set([
  'Outcomes',
  'ProcessingOutcome',
  'AniResults',
  'ExternalAuthenticationDetails',
]);

export const orderResolvers: Resolvers = {
  Query: {
    order: (_parent, { id }, context, info) => orderViewLoader(context, viewPartsSelected(info)).load(id),
  },
  Mutation: {
    createOrder: (_parent, { input }, { deps, actor }) =>
      mutationPayload(async () => ({ order: await createOrder(deps, actor, toCreateOrderInput(input)) }), {
        order: null,
      }),
    updateOrder: (_parent, { id, input }, { deps, actor }) =>
      mutationPayload(
        async () => ({ order: await updateOrder(deps, actor, id, toUpdateOrderInput(input)) }),
        { order: null },
        { fieldNames: { order_id: 'id', status: 'input.cancel' } },
      ),
  },
  Order: {
    id: ({ order }) => order.id,
    projectId: ({ order }) => order.projectId,
    merchantId: ({ order }) => order.merchantId,
    // Every order a caller can read is its own project's, hence its merchant's (see presentOrder).
    merchantName: (_view, _args, { actor }) => actor.merchantName,
    merchantOrderId: ({ order }) => order.merchantOrderId ?? null,
    description: ({ order }) => order.description ?? null,
    currency: ({ order }) => order.currency,
    amount: ({ order }) => order.amount,
    status: ({ order }) => toGraphQLEnum<OrderStatus>(order.status),
    flags: ({ order }) => order.flags,
    created: ({ order }) => order.createdAt,
    modified: ({ order }) => order.modifiedAt,
    completed: ({ order }) => order.completedAt ?? null,
    expirationPeriod: ({ order }) => order.expirationPeriod,
    paymentMethods: ({ order }) => order.paymentMethods?.map((m) => toGraphQLEnum<PaymentMethod>(m)) ?? null,
    transactions: (view) => view.transactions,
    orderUrl: ({ order }, _args, { deps }) => orderUrlOf(order, deps.config.baseUrl),
    returnUrl: ({ order }) => order.returnUrl ?? null,
    failureUrl: ({ order }) => order.failureUrl ?? null,
    webhookUrl: ({ order }) => order.webhookUrl ?? null,
    customer: ({ order }) => order.customer ?? null,
    client: ({ order }) => order.client ?? null,
    extra: ({ order }) => order.extra ?? null,
    orderLines: ({ order }) => order.orderLines ?? null,
    refundedAmount: ({ order }) => order.refundedAmount,
    relatedOrderId: ({ order }) => order.relatedOrderId ?? null,
    relatedOrderIds: async (view, _args, context) => {
      const whole = hasRelatedOrders(view) ? view : await orderViewLoader(context).load(view.order.id);
      return (whole?.relatedOrders ?? []).map((r) => r.id);
    },
    chargebacks: (view, _args, context) =>
      view.order.kind === 'payment' ? relatedViews(view, context, 'chargeback') : [],
    reversals: (view, _args, context) =>
      view.order.kind === 'chargeback' ? relatedViews(view, context, 'reversal') : [],
  },
  Transaction: {
    id: ({ transaction }) => transaction.id,
    orderId: ({ transaction }) => transaction.orderId,
    amount: ({ transaction }) => transaction.amount,
    currency: ({ transaction }) => transaction.currency,
    creditDebit: ({ transaction }) =>
      transaction.creditDebit ? toGraphQLEnum<CreditDebit>(transaction.creditDebit) : null,
    paymentMethod: ({ transaction }) => toGraphQLEnum<PaymentMethod>(transaction.paymentMethod),
    paymentMethodBrand: ({ transaction }) => transaction.paymentMethodBrand ?? null,
    paymentMethodDetails: ({ transaction }) => paymentMethodDetailsOf(transaction),
    refundOfTransactionId: ({ transaction }) => transaction.refundOfTransactionId ?? null,
    voidOfTransactionId: ({ transaction }) => transaction.voidOfTransactionId ?? null,
    captureOfTransactionId: ({ transaction }) => transaction.captureOfTransactionId ?? null,
    isCapturable: ({ transaction }) => transaction.isCapturable,
    outcomes: ({ transaction }) => {
      const processing = obj(transaction.outcomes?.processing);
      if (!processing) return null;
      return {
        processing: {
          status: str(processing.status),
          responseCode: str(processing.response_code),
          responseCodeDescription: str(processing.response_code_description),
        },
      };
    },
    paymentUrl: ({ transaction }) => transaction.paymentUrl ?? null,
    reason: ({ transaction }) => transaction.reason ?? null,
    status: ({ transaction }) => toGraphQLEnum<TransactionStatus>(transaction.status),
    created: ({ transaction }) => transaction.createdAt,
    modified: ({ transaction }) => transaction.modifiedAt,
    events: async (view, _args, context) => {
      if (hasEvents(view)) return view.events;
      const whole = await orderViewLoader(context).load(view.transaction.orderId);
      return whole?.transactions.find((t) => t.transaction.id === view.transaction.id)?.events ?? [];
    },
  },
  TransactionEvent: {
    id: (event) => event.id,
    event: (event) => event.event,
    occurred: (event) => event.occurredAt,
    source: (event) => event.source,
  },
  PaymentMethodDetails: {
    setupToken: (d) => str(d.setup_token),
    oneClickType: (d) => (str(d.one_click_type) ? toGraphQLEnum<OneClickType>(str(d.one_click_type)!) : null),
    vaultToken: (d) => str(d.vault_token),
    firstTransactionId: (d) => str(d.first_transaction_id),
    cardExpiry: (d) => str(d.card_expiry),
    cardholderName: (d) => str(d.cardholder_name),
    truncatedPan: (d) => str(d.truncated_pan),
    issuerId: (d) => str(d.issuer_id),
    consumerName: (d) => str(d.consumer_name),
    consumerIban: (d) => str(d.consumer_iban),
    aniResults: (d) => {
      const ani = obj(d.ani_results);
      return ani
        ? {
            status: str(ani.status),
            statusDescription: str(ani.status_description),
            match: str(ani.match),
            matchDescription: str(ani.match_description),
          }
        : null;
    },
    externalAuthenticationDetails: (d) => {
      const ext = obj(d.external_authentication_details);
      return ext
        ? {
            authenticationValue: str(ext.authenticationValue),
            dsTransID: str(ext.dsTransID),
            methodUsed: str(ext.methodUsed),
            protocolVersion: str(ext.protocolVersion),
          }
        : null;
    },
  },
  Customer: {
    merchantCustomerId: (c) => str(c.merchant_customer_id),
    emailAddress: (c) => str(c.email_address),
    firstName: (c) => str(c.first_name),
    lastName: (c) => str(c.last_name),
    addressType: (c) => str(c.address_type),
    address: (c) => str(c.address),
    postalCode: (c) => str(c.postal_code),
    city: (c) => str(c.city),
    country: (c) => str(c.country),
    locale: (c) => str(c.locale),
    phoneNumbers: (c) => (Array.isArray(c.phone_numbers) ? (c.phone_numbers as string[]) : null),
    ipAddress: (c) => str(c.ip_address),
    gender: (c) => str(c.gender),
    birthdate: (c) => str(c.birthdate),
    additionalAddresses: (c) =>
      Array.isArray(c.additional_addresses) ? (c.additional_addresses as JsonObject[]) : [],
  },
  AdditionalAddress: {
    addressType: (a) => str(a.address_type) ?? '',
    address: (a) => str(a.address),
    street: (a) => str(a.street),
    housenumber: (a) => str(a.housenumber),
    postalCode: (a) => str(a.postal_code),
    city: (a) => str(a.city),
    country: (a) => str(a.country),
  },
  OrderLine: {
    type: (l) => str(l.type) ?? '',
    merchantOrderLineId: (l) => str(l.merchant_order_line_id) ?? '',
    name: (l) => str(l.name) ?? '',
    quantity: (l) => num(l.quantity) ?? 0,
    amount: (l) => num(l.amount) ?? 0,
    vatPercentage: (l) => num(l.vat_percentage) ?? 0,
    currency: (l) => str(l.currency),
    discountRate: (l) => num(l.discount_rate),
    url: (l) => str(l.url),
    imageUrl: (l) => str(l.image_url),
    ean: (l) => str(l.ean),
  },
};
