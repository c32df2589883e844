import type {
  CreateOrderInput as GraphQLCreateOrderInput,
  CustomerInput as GraphQLCustomerInput,
  UpdateOrderInput as GraphQLUpdateOrderInput,
} from '../../../generated/graphql.ts';
import { fromGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { withoutNulls } from '../../../platform/graphql/input.ts';
import type { CreateOrderInput } from '../order-input.ts';
import { orderLinesFromGraphQL } from '../order-lines.ts';
import type { UpdateOrderInput } from '../order-update-input.ts';

const defined = <T extends object>(value: T) => withoutNulls(value) as T;

/** Maps the GraphQL input onto the spec's (REST) shape, so both faces share one schema and one command. */
export function toCreateOrderInput(input: GraphQLCreateOrderInput): CreateOrderInput {
  return defined({
    merchant_order_id: input.merchantOrderId ?? undefined,
    amount: input.amount,
    currency: input.currency,
    description: input.description ?? undefined,
    return_url: input.returnUrl ?? undefined,
    failure_url: input.failureUrl ?? undefined,
    webhook_url: input.webhookUrl ?? undefined,
    expiration_period: input.expirationPeriod ?? undefined,
    payment_methods: input.paymentMethods?.map(fromGraphQLEnum) as CreateOrderInput['payment_methods'],
    transactions: input.transactions?.map((t) =>
      defined({
        payment_method: fromGraphQLEnum(t.paymentMethod),
        capture_mode: t.captureMode ? (t.captureMode.toLowerCase() as 'automatic' | 'manual') : undefined,
        payment_method_details: t.paymentMethodDetails
          ? defined({
              one_click_type: t.paymentMethodDetails.oneClickType
                ? (fromGraphQLEnum(t.paymentMethodDetails.oneClickType) as 'first' | 'one-click')
                : undefined,
              vault_token: t.paymentMethodDetails.vaultToken ?? undefined,
              first_transaction_id: t.paymentMethodDetails.firstTransactionId ?? undefined,
              cvc: t.paymentMethodDetails.cvc ?? undefined,
              cardholder_name: t.paymentMethodDetails.cardholderName ?? undefined,
              issuer_id: t.paymentMethodDetails.issuerId ?? undefined,
            })
          : undefined,
      }),
    ),
    customer: input.customer ? toCustomerInput(input.customer) : undefined,
    client: input.client ?? undefined,
    extra: input.extra ?? undefined,
    order_lines: input.orderLines ? orderLinesFromGraphQL(input.orderLines) : undefined,
  });
}

type CustomerInput = NonNullable<CreateOrderInput['customer']>;

function toCustomerInput(customer: GraphQLCustomerInput): CustomerInput {
  return defined({
    merchant_customer_id: customer.merchantCustomerId ?? undefined,
    email_address: customer.emailAddress ?? undefined,
    first_name: customer.firstName ?? undefined,
    last_name: customer.lastName ?? undefined,
    gender: (customer.gender ?? undefined) as CustomerInput['gender'],
    birthdate: customer.birthdate ?? undefined,
    address_type: (customer.addressType ?? undefined) as 'billing' | undefined,
    address: customer.address ?? undefined,
    postal_code: customer.postalCode ?? undefined,
    city: customer.city ?? undefined,
    country: customer.country ?? undefined,
    locale: customer.locale ?? undefined,
    phone_numbers: customer.phoneNumbers ?? undefined,
    ip_address: customer.ipAddress ?? undefined,
    additional_addresses: customer.additionalAddresses?.map((address) =>
      defined({
        address_type: address.addressType as 'customer',
        address: address.address ?? undefined,
        street: address.street ?? undefined,
        housenumber: address.housenumber ?? undefined,
        postal_code: address.postalCode ?? undefined,
        city: address.city ?? undefined,
        country: address.country ?? undefined,
      }),
    ),
  });
}

/**
 * `updateOrder`'s input onto the REST body of `PUT /v1/orders/{id}/`: a field left out stays out, an explicit
 * null is sent as null (it removes the value), `cancel: true` is `status: "cancelled"`.
 */
export function toUpdateOrderInput(input: GraphQLUpdateOrderInput): UpdateOrderInput {
  const kept = <T>(value: T | null | undefined, map: (present: T) => unknown = (v) => v) =>
    value === undefined ? undefined : value === null ? null : map(value);
  const body: Record<string, unknown> = {
    merchant_order_id: kept(input.merchantOrderId),
    description: kept(input.description),
    order_lines: kept(input.orderLines, (lines) => orderLinesFromGraphQL(lines)),
    customer: kept(input.customer, (customer) => toCustomerInput(customer)),
    expiration_period: input.expirationPeriod ?? undefined,
    extra: kept(input.extra),
    webhook_url: kept(input.webhookUrl),
    return_url: kept(input.returnUrl),
    failure_url: kept(input.failureUrl),
    status: input.cancel ? 'cancelled' : undefined,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body as UpdateOrderInput;
}
