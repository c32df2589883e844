import { z } from 'zod';
import type { CreateOrderInputSchema } from '../orders/index.ts';

const expiresSchema = z.iso
  .datetime({
    offset: true,
    error: 'must be an ISO 8601 timestamp with a time zone, such as 2026-12-31T23:59:59Z',
  })
  .transform((value) => new Date(value));

/**
 * The create-link body (`POST /v1/payment-links/`, `createPaymentLink`): the order fields a link passes on
 * to each order it creates, with exactly the create-order rules (the orders module's own field schemas, taken
 * from the registry's create-order body, so both always agree), plus the link's own `expires` and `single_use`.
 */
function buildPaymentLinkInputSchema(orderInput: CreateOrderInputSchema) {
  const order = orderInput.shape;
  return z.strictObject({
    amount: order.amount,
    currency: order.currency,
    description: order.description,
    merchant_order_id: order.merchant_order_id,
    return_url: order.return_url,
    failure_url: order.failure_url,
    payment_methods: order.payment_methods,
    expires: expiresSchema.optional().meta({
      description:
        'When the link stops opening orders: an ISO 8601 timestamp with a time zone, such as `2026-12-31T23:59:59Z`; never when absent.',
    }),
    single_use: z.boolean({ error: 'must be true or false' }).optional().meta({
      description: 'At most one completed payment (default false): a paid single-use link is used up.',
    }),
  });
}

export type PaymentLinkInputSchema = ReturnType<typeof buildPaymentLinkInputSchema>;
export type PaymentLinkInput = z.input<PaymentLinkInputSchema>;

const built = new WeakMap<CreateOrderInputSchema, PaymentLinkInputSchema>();

/** The schema for a registry's create-order body, built once. */
export function paymentLinkInputSchema(orderInput: CreateOrderInputSchema): PaymentLinkInputSchema {
  let schema = built.get(orderInput);
  if (!schema) {
    schema = buildPaymentLinkInputSchema(orderInput);
    built.set(orderInput, schema);
  }
  return schema;
}
