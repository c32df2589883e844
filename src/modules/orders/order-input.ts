import { z } from 'zod';
import { httpUrlSchema } from '../../platform/validation/http-url.ts';
import { freeFormJsonObject, inJsonbKeyOrder } from '../../platform/validation/json.ts';
import { text } from '../../platform/validation/text.ts';
import { validateExpirationPeriod } from './duration.ts';
import { isKnownCurrency, MAX_AMOUNT } from './money.ts';

export const amountSchema = z
  .number({ error: 'must be an integer number of minor units' })
  .int('must be an integer number of minor units')
  .min(0, 'must be >= 0')
  .max(MAX_AMOUNT, `must be <= ${MAX_AMOUNT}`);

export const currencySchema = z
  .string({ error: 'must be a string' })
  .regex(/^[A-Z]{3}$/, { error: 'must be a three-letter upper-case ISO 4217 code', abort: true })
  .refine(isKnownCurrency, 'is not an ISO 4217 currency');

export const customerSchema = z
  .strictObject({
    merchant_customer_id: text({ max: 255 }).optional(),
    email_address: z.email('must be an e-mail address').max(254).optional(),
    first_name: text({ max: 255 }).optional(),
    last_name: text({ max: 255 }).optional(),
    address_type: z.enum(['billing', 'shipping']).optional(),
    address: text({ max: 1024 }).optional(),
    postal_code: text({ max: 32 }).optional(),
    city: text({ max: 255 }).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as NL')
      .optional(),
    locale: z
      .string()
      .regex(/^[a-z]{2,3}([-_][A-Za-z]{2,4})?$/, 'must be a locale such as en or nl_NL')
      .optional(),
    phone_numbers: z
      .array(text({ max: 32 }))
      .max(5)
      .optional(),
    ip_address: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' }).optional(),
  })
  // Stored as jsonb: the create answers its fields in the order a later read does.
  .transform(inJsonbKeyOrder);

/** Card fields a merchant may send with a transaction. The CVC is used in memory only, never stored. */
export const cardDetailsSchema = z.strictObject({
  one_click_type: z.enum(['first', 'one-click']).optional(),
  vault_token: z.uuid('must be a uuid').optional(),
  first_transaction_id: z.uuid('must be a uuid').optional(),
  cvc: z
    .string()
    .regex(/^[0-9]{3,4}$/, 'must be 3 or 4 digits')
    .optional(),
  cardholder_name: text({ max: 120, min: 1 }).optional(),
});

export type PaymentMethodDetailsInput = z.output<typeof cardDetailsSchema>;

/** A transaction sent at creation, its `payment_method` one of `methods` (the registered payment methods). */
function transactionInputSchema(methods: readonly [string, ...string[]]) {
  return z.strictObject({
    payment_method: z.enum(methods, { error: `must be one of ${methods.join(', ')}` }),
    payment_method_details: cardDetailsSchema.optional(),
    capture_mode: z.enum(['automatic', 'manual']).optional(),
  });
}

/**
 * The create-order body (spec 4.1) for the given payment methods (the registry's ids, in registration order;
 * `credit-card-refund` only ever appears on refund orders). Built once per registry.
 */
export function createOrderInputSchema(methods: readonly [string, ...string[]]) {
  return z
    .strictObject({
      merchant_order_id: text({ max: 255 }).optional(),
      amount: amountSchema,
      currency: currencySchema,
      description: text({ max: 1024 }).optional(),
      return_url: httpUrlSchema.optional(),
      failure_url: httpUrlSchema.optional(),
      webhook_url: httpUrlSchema.optional(),
      expiration_period: z
        .string()
        .superRefine((value, ctx) => {
          const problem = validateExpirationPeriod(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .optional(),
      payment_methods: z.array(z.enum(methods)).min(1).optional(),
      transactions: z
        .array(transactionInputSchema(methods))
        .max(
          1,
          'at most one transaction may be sent at creation (own checkout); send none for the hosted page',
        )
        .optional(),
      customer: customerSchema.optional(),
      client: freeFormJsonObject().optional(),
      extra: freeFormJsonObject().optional(),
    })
    .superRefine((input, ctx) => {
      const method = input.transactions?.[0]?.payment_method;
      if (method && input.payment_methods && !input.payment_methods.includes(method)) {
        ctx.addIssue({
          code: 'custom',
          path: ['transactions', 0, 'payment_method'],
          message: 'must be one of the order payment_methods',
        });
      }
    });
}

export type CreateOrderInputSchema = ReturnType<typeof createOrderInputSchema>;
export type CreateOrderInput = z.input<CreateOrderInputSchema>;
export type ValidCreateOrderInput = z.output<CreateOrderInputSchema>;
export type ValidTransactionInput = NonNullable<ValidCreateOrderInput['transactions']>[number];
