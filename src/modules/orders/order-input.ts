import { z } from 'zod';
import { httpUrlSchema } from '../../platform/validation/http-url.ts';
import { validateExpirationPeriod } from './duration.ts';
import { isKnownCurrency, MAX_AMOUNT } from './money.ts';

/** Methods a merchant may ask for; `credit-card-refund` only ever appears on refund orders. */
export const PAYMENT_METHODS = ['credit-card', 'wallet-a-pay', 'wallet-b-pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const amountSchema = z
  .number({ error: 'must be an integer number of minor units' })
  .int('must be an integer number of minor units')
  .min(0, 'must be >= 0')
  .max(MAX_AMOUNT, `must be <= ${MAX_AMOUNT}`);

export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter upper-case ISO 4217 code')
  .refine(isKnownCurrency, 'is not an ISO 4217 currency');

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

export const customerSchema = z.strictObject({
  merchant_customer_id: text(255).optional(),
  email_address: z.email('must be an e-mail address').max(254).optional(),
  first_name: text(255).optional(),
  last_name: text(255).optional(),
  address_type: z.enum(['billing', 'shipping']).optional(),
  address: text(1024).optional(),
  postal_code: text(32).optional(),
  city: text(255).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as NL')
    .optional(),
  locale: z
    .string()
    .regex(/^[a-z]{2,3}([-_][A-Za-z]{2,4})?$/, 'must be a locale such as en or nl_NL')
    .optional(),
  phone_numbers: z.array(text(32)).max(5).optional(),
  ip_address: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' }).optional(),
});

/** Card fields a merchant may send with a transaction. The CVC is used in memory only, never stored. */
export const cardDetailsSchema = z.strictObject({
  one_click_type: z.enum(['first', 'one-click']).optional(),
  vault_token: z.uuid('must be a uuid').optional(),
  first_transaction_id: z.uuid('must be a uuid').optional(),
  cvc: z
    .string()
    .regex(/^[0-9]{3,4}$/, 'must be 3 or 4 digits')
    .optional(),
  cardholder_name: text(120).min(1).optional(),
});

export const transactionInputSchema = z.strictObject({
  payment_method: z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` }),
  payment_method_details: cardDetailsSchema.optional(),
  capture_mode: z.enum(['automatic', 'manual']).optional(),
});

const jsonObject = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 16_384, 'must be at most 16 KiB of JSON');

export const createOrderInputSchema = z
  .strictObject({
    merchant_order_id: text(255).optional(),
    amount: amountSchema,
    currency: currencySchema,
    description: text(1024).optional(),
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
    payment_methods: z.array(z.enum(PAYMENT_METHODS)).min(1).optional(),
    transactions: z
      .array(transactionInputSchema)
      .max(1, 'at most one transaction may be sent at creation (own checkout); send none for the hosted page')
      .optional(),
    customer: customerSchema.optional(),
    client: jsonObject.optional(),
    extra: jsonObject.optional(),
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

export type CreateOrderInput = z.input<typeof createOrderInputSchema>;
export type ValidCreateOrderInput = z.output<typeof createOrderInputSchema>;
