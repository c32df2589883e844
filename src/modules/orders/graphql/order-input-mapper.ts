import type { CreateOrderInput as GraphQLCreateOrderInput } from '../../../generated/graphql.ts';
import { fromGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { withoutNulls } from '../../../platform/graphql/input.ts';
import type { CreateOrderInput } from '../order-input.ts';

/** Maps the GraphQL input onto the spec's (REST) shape, so both faces share one schema and one command. */
export function toCreateOrderInput(input: GraphQLCreateOrderInput): CreateOrderInput {
  const defined = <T extends object>(value: T) => withoutNulls(value) as T;
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
            })
          : undefined,
      }),
    ),
    customer: input.customer
      ? defined({
          merchant_customer_id: input.customer.merchantCustomerId ?? undefined,
          email_address: input.customer.emailAddress ?? undefined,
          first_name: input.customer.firstName ?? undefined,
          last_name: input.customer.lastName ?? undefined,
          address_type: (input.customer.addressType ?? undefined) as 'billing' | undefined,
          address: input.customer.address ?? undefined,
          postal_code: input.customer.postalCode ?? undefined,
          city: input.customer.city ?? undefined,
          country: input.customer.country ?? undefined,
          locale: input.customer.locale ?? undefined,
          phone_numbers: input.customer.phoneNumbers ?? undefined,
          ip_address: input.customer.ipAddress ?? undefined,
        })
      : undefined,
    client: input.client ?? undefined,
    extra: input.extra ?? undefined,
  });
}
